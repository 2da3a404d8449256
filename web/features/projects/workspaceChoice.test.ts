import { describe, expect, it } from 'vitest';
import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceRole } from '@common/workspaceRoles';
import { createProjectObstacle, workspaceChoice } from './workspaceChoice';

const NOW = new Date('2026-11-23T12:00:00Z');
const ME = 7;

function ws(
  id: number,
  options: {
    owner?: number;
    role?: WorkspaceRole;
    active?: boolean;
    expiredTrial?: boolean;
    /** The plan's project limit is reached. */
    full?: boolean;
  } = {},
): Workspace {
  const active = options.active ?? true;
  const trial = options.expiredTrial === true;
  return {
    id,
    name: `Workspace ${id}`,
    logo: null,
    owner: { id: options.owner ?? ME, name: 'Owner', email: 'o@example.com', avatar: null },
    current_user_role: { name: options.role ?? 'owner' },
    projects_count: options.full ? 3 : 0,
    members_count: 1,
    seats_used: 1,
    storage_used_in_bytes: 0,
    subscription: {
      id,
      active: active && !trial,
      workspace_id: id,
      cancel_at_period_end: false,
      billing_period_ends_at: null,
      last_payment_succeeded: true,
      pricing_plan_price: { id: 1, cost: trial ? 0 : 4900, billing_period: 'month' },
      add_on_items: [],
      downgrade_at_period_end: null,
      free_trial_expires_at: trial ? '2026-11-01T00:00:00Z' : null,
    },
    pricing_plan: {
      id: 3,
      name: 'Team Plan',
      level: 1,
      included_projects: options.full ? 3 : null,
      included_members: 15,
      included_storage_in_bytes: 1,
      prices: [],
    },
    created_at: '2026-01-01T00:00:00Z',
  } as unknown as Workspace;
}

describe('the workspace field of Create New Project', () => {
  it('is hidden when the user has exactly one workspace and owns it', () => {
    const choice = workspaceChoice([ws(1)], ME, NOW);
    expect(choice.hidden).toBe(true);
    expect(choice.preselected).toBe(1);
  });

  it('shows when the only workspace is someone else’s, preselected as the only option', () => {
    const choice = workspaceChoice([ws(1, { owner: 2, role: 'admin' })], ME, NOW);
    expect(choice.hidden).toBe(false);
    expect(choice.preselected).toBe(1);
  });

  it('lists only workspaces the user may create in, inactive ones greyed and last', () => {
    const choice = workspaceChoice(
      [
        ws(1, { active: false }),
        ws(2, { owner: 2, role: 'collaborator' }),
        ws(3, { owner: 3, role: 'admin' }),
        ws(4, { owner: 4, role: 'limited' }),
      ],
      ME,
      NOW,
    );
    expect(choice.options.map((o) => [o.value, o.disabled])).toEqual([
      ['3', false],
      ['1', true],
    ]);
    expect(choice.hidden).toBe(false);
    // The only choosable option is chosen already.
    expect(choice.preselected).toBe(3);
  });

  it('preselects nothing when the only option is inactive', () => {
    expect(
      workspaceChoice([ws(1, { owner: 2, role: 'admin', active: false })], ME, NOW).preselected,
    ).toBeNull();
  });
});

describe('what stops the user from creating a project', () => {
  it('is the missing workspace when none lets them create', () => {
    expect(createProjectObstacle([], ME, NOW)).toEqual({ kind: 'noWorkspace', memberElsewhere: false });
    expect(createProjectObstacle([ws(2, { owner: 2, role: 'collaborator' })], ME, NOW)).toEqual({
      kind: 'noWorkspace',
      memberElsewhere: true,
    });
  });

  it('is the expired trial or the suspension when every candidate is inactive', () => {
    expect(createProjectObstacle([ws(1, { expiredTrial: true })], ME, NOW)?.kind).toBe('expiredTrial');
    const suspended = createProjectObstacle(
      [ws(3, { owner: 3, role: 'admin', active: false }), ws(1, { active: false })],
      ME,
      NOW,
    );
    expect(suspended).toMatchObject({ kind: 'suspended', workspace: { id: 1 } });
  });

  it('is nothing when one candidate is active', () => {
    expect(
      createProjectObstacle([ws(1, { active: false }), ws(3, { owner: 3, role: 'admin' })], ME, NOW),
    ).toBeNull();
  });

  it("is the project limit when every active candidate is at its plan's limit", () => {
    expect(createProjectObstacle([ws(1, { full: true })], ME, NOW)).toMatchObject({
      kind: 'projectLimit',
      workspace: { id: 1 },
    });
    // The owned workspace is the one to speak about: its owner can upgrade it.
    expect(
      createProjectObstacle([ws(3, { owner: 3, role: 'admin', full: true }), ws(1, { full: true })], ME, NOW),
    ).toMatchObject({ kind: 'projectLimit', workspace: { id: 1 } });
    // A full workspace next to a suspended one: the limit, since upgrading is the way on.
    expect(
      createProjectObstacle(
        [ws(1, { active: false }), ws(3, { owner: 3, role: 'admin', full: true })],
        ME,
        NOW,
      ),
    ).toMatchObject({ kind: 'projectLimit', workspace: { id: 3 } });
  });

  it('is nothing when one active candidate has room, and the full one is greyed', () => {
    const workspaces = [ws(1, { full: true }), ws(3, { owner: 3, role: 'admin' })];
    expect(createProjectObstacle(workspaces, ME, NOW)).toBeNull();
    const choice = workspaceChoice(workspaces, ME, NOW);
    expect(choice.options.map((o) => [o.value, o.disabled])).toEqual([
      ['3', false],
      ['1', true],
    ]);
    expect(choice.preselected).toBe(3);
  });
});
