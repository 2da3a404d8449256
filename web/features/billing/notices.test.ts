import { describe, expect, it } from 'vitest';
import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { noticesFor } from './notices';

const workspace = (role: 'owner' | 'admin' | 'collaborator') =>
  ({ id: 4, current_user_role: { name: role } }) as Workspace;
const state = (over: Partial<WorkspaceState>) =>
  ({
    isActive: true,
    hasRoomForProjects: true,
    showPendingDowngradeBanner: false,
    currentUserIsOwner: true,
    billingPeriodEndsAt: '2026-06-01T00:00:00.000Z',
    isSuspendedForDowngrade: false,
    isOnExpiredFreeTrial: false,
    ...over,
  }) as WorkspaceState;

describe('workspace banners and popups', () => {
  it('shows the project limit banner to those who create projects', () => {
    const full = state({ hasRoomForProjects: false });
    expect(noticesFor(workspace('owner'), full, []).banners).toEqual([
      { kind: 'projectLimit', key: 'project_limit:4' },
    ]);
    expect(noticesFor(workspace('admin'), { ...full, currentUserIsOwner: false }, []).banners).toHaveLength(
      1,
    );
    expect(noticesFor(workspace('collaborator'), { ...full, currentUserIsOwner: false }, []).banners).toEqual(
      [],
    );
    expect(noticesFor(workspace('owner'), full, ['project_limit:4']).banners).toEqual([]);
  });

  it('shows the pending downgrade banner per billing period', () => {
    const pending = state({ showPendingDowngradeBanner: true });
    expect(noticesFor(workspace('owner'), pending, []).banners).toEqual([
      { kind: 'pendingDowngrade', key: 'pending_downgrade:4:2026-06-01' },
    ]);
    expect(noticesFor(workspace('owner'), pending, ['pending_downgrade:4:2026-05-01']).banners).toHaveLength(
      1,
    );
    expect(noticesFor(workspace('owner'), pending, ['pending_downgrade:4:2026-06-01']).banners).toEqual([]);
  });

  it('shows the owner one popup until closed', () => {
    const expired = state({ isActive: false, isOnExpiredFreeTrial: true });
    expect(noticesFor(workspace('owner'), expired, []).popup).toEqual({
      kind: 'expiredTrial',
      key: 'expired_trial:4',
    });
    expect(noticesFor(workspace('owner'), expired, ['expired_trial:4']).popup).toBeNull();
    const downgraded = state({ isActive: false, isSuspendedForDowngrade: true });
    expect(noticesFor(workspace('owner'), downgraded, []).popup?.kind).toBe('suspendedForDowngrade');
    expect(noticesFor(workspace('admin'), { ...downgraded, currentUserIsOwner: false }, []).popup).toBeNull();
  });
});
