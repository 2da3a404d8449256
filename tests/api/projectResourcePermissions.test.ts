import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Capability, type ProjectActor } from '@common/projectRoles';
import { buildUser } from './factories';
import type { ApiClient, ApiResponse } from './harness';
import { startTestApp, type TestApp } from './harness';
import { buildProjectCast, PROJECT_CALLERS, type ProjectCaller, type ProjectCast } from './projectCast';
import { addProjectMember } from './projectFactories';

/**
 * The permission table of the project's members, invitations, folders, labels, sharing and activity
 * calls, walked for every kind of caller. Each expectation is written out here, independently of
 * common/projectRoles.ts, and the rows tied to a capability are also checked against that table:
 * a changed policy line fails either the HTTP walk or the cross-check.
 */

const ACTORS = PROJECT_CALLERS;
type ActorName = ProjectCaller;
/** ok: a 2xx answer; otherwise the refusal's status. */
type Outcome = 'ok' | 403 | 404 | 401;

/** Project actors of common/projectRoles.ts for the callers who reach the project at all. */
const PROJECT_ACTORS: Partial<Record<ActorName, ProjectActor>> = {
  owner: { role: 'owner', isWorkspaceOwner: false },
  collaborator: { role: 'collaborator', isWorkspaceOwner: false },
  viewer: { role: 'viewer', isWorkspaceOwner: false },
  workspaceOwner: { role: null, isWorkspaceOwner: true },
};

interface Row {
  call: string;
  capability?: Capability;
  expect: Record<ActorName, Outcome>;
  /** Builds the request afresh for each caller (a new folder to delete, a new address to invite…). */
  request: (cast: ProjectCast, actor: ActorName) => Promise<{ method: string; path: string; body?: unknown }>;
}

const row = (owner: Outcome, collaborator: Outcome, viewer: Outcome, workspaceOwner: Outcome) => ({
  owner,
  collaborator,
  viewer,
  workspaceAdmin: 404 as const,
  workspaceOwner,
  stranger: 404 as const,
  anonymous: 401 as const,
});

let sequence = 0;
const unique = (label: string) => `${label} ${(sequence += 1)}`;
const pid = (cast: ProjectCast) => cast.project.id as number;

async function freshFolder(cast: ProjectCast): Promise<number> {
  const answer = await cast.owner.client.post(`/projects/${pid(cast)}/folders`, { name: unique('Folder') });
  return answer.body.response.id;
}

async function freshProjectLabel(cast: ProjectCast): Promise<number> {
  const answer = await cast.owner.client.post('/labels', {
    name: unique('Label'),
    labellable_type: 'Project',
    labellable_id: pid(cast),
  });
  return answer.body.response.id;
}

let workspaceLabelId = 0;

/** Workspace labels follow the workspace roles: the project's collaborator and viewer are not in the workspace. */
const WORKSPACE_ADMINS: Record<ActorName, Outcome> = {
  owner: 'ok',
  collaborator: 404,
  viewer: 404,
  workspaceAdmin: 'ok',
  workspaceOwner: 'ok',
  stranger: 404,
  anonymous: 401,
};

const ROWS: Row[] = [
  {
    call: 'GET /projects/{id}/members',
    capability: 'projects.see',
    expect: row('ok', 'ok', 'ok', 'ok'),
    request: async (cast) => ({ method: 'GET', path: `/projects/${pid(cast)}/members` }),
  },
  {
    call: 'DELETE /projects/{id}/members/{memberId} (a viewer)',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => {
      const user = await buildUser(t.ctx);
      const memberId = await addProjectMember(t.ctx, pid(cast), user.id, 'viewer');
      return { method: 'DELETE', path: `/projects/${pid(cast)}/members/${memberId}` };
    },
  },
  {
    call: 'POST /projects/{id}/members/invite',
    capability: 'projects.invite',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({
      method: 'POST',
      path: `/projects/${pid(cast)}/members/invite`,
      body: { invitees: [`${unique('invitee').replace(' ', '-')}@example.com`] },
    }),
  },
  {
    call: 'GET /projects/{id}/pending_invites',
    capability: 'projects.see',
    expect: row('ok', 'ok', 'ok', 'ok'),
    request: async (cast) => ({ method: 'GET', path: `/projects/${pid(cast)}/pending_invites` }),
  },
  {
    call: 'DELETE /projects/invites/{id} (a viewer invitation)',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => {
      const answer = await cast.owner.client.post(`/projects/${pid(cast)}/members/invite`, {
        invitees: [`${unique('pending').replace(' ', '-')}@example.com`],
      });
      return { method: 'DELETE', path: `/projects/invites/${answer.body.response[0].id}` };
    },
  },
  {
    call: 'GET /projects/{id}/folders',
    capability: 'folders.see',
    expect: row('ok', 'ok', 'ok', 403),
    request: async (cast) => ({ method: 'GET', path: `/projects/${pid(cast)}/folders` }),
  },
  {
    call: 'GET /folders/{id}',
    capability: 'folders.see',
    expect: row('ok', 'ok', 'ok', 403),
    request: async (cast) => ({ method: 'GET', path: `/folders/${await freshFolder(cast)}` }),
  },
  {
    call: 'POST /projects/{id}/folders',
    capability: 'folders.add',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({
      method: 'POST',
      path: `/projects/${pid(cast)}/folders`,
      body: { name: unique('New folder') },
    }),
  },
  {
    call: 'PATCH /folders/{id}',
    capability: 'folders.edit',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({
      method: 'PATCH',
      path: `/folders/${await freshFolder(cast)}`,
      body: { name: unique('Renamed') },
    }),
  },
  {
    call: 'DELETE /folders',
    capability: 'folders.destroy',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({
      method: 'DELETE',
      path: '/folders',
      body: { folders_ids: [await freshFolder(cast)] },
    }),
  },
  {
    call: 'GET /projects/{id}/labels',
    capability: 'labels.see',
    expect: row('ok', 'ok', 'ok', 403),
    request: async (cast) => ({ method: 'GET', path: `/projects/${pid(cast)}/labels` }),
  },
  {
    call: 'POST /labels (Project)',
    capability: 'labels.add',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({
      method: 'POST',
      path: '/labels',
      body: { name: unique('Mine'), labellable_type: 'Project', labellable_id: pid(cast) },
    }),
  },
  {
    call: 'PATCH /labels/{id} (Project)',
    capability: 'labels.edit',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({
      method: 'PATCH',
      path: `/labels/${await freshProjectLabel(cast)}`,
      body: { name: unique('Relabelled') },
    }),
  },
  {
    call: 'DELETE /labels/{id} (Project)',
    capability: 'labels.destroy',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({ method: 'DELETE', path: `/labels/${await freshProjectLabel(cast)}` }),
  },
  {
    call: 'PATCH /projects/{id}/set_labels_order',
    capability: 'labels.order',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({
      method: 'PATCH',
      path: `/projects/${pid(cast)}/set_labels_order`,
      body: { label_ids: [await freshProjectLabel(cast)] },
    }),
  },
  {
    call: 'GET /projects/{id}/custom_settings',
    capability: 'projects.see',
    expect: row('ok', 'ok', 'ok', 'ok'),
    request: async (cast) => ({ method: 'GET', path: `/projects/${pid(cast)}/custom_settings` }),
  },
  {
    call: 'POST /projects/add_label',
    capability: 'projects.flag',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({
      method: 'POST',
      path: '/projects/add_label',
      body: { projects_ids: [pid(cast)], label_id: workspaceLabelId },
    }),
  },
  {
    call: 'POST /projects/remove_label',
    capability: 'projects.flag',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({
      method: 'POST',
      path: '/projects/remove_label',
      body: { projects_ids: [pid(cast)], label_id: workspaceLabelId },
    }),
  },
  {
    call: 'POST /projects/{id}/share',
    capability: 'projects.share',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({ method: 'POST', path: `/projects/${pid(cast)}/share`, body: {} }),
  },
  {
    call: 'DELETE /projects/{id}/share',
    capability: 'projects.share',
    expect: row('ok', 'ok', 403, 403),
    request: async (cast) => ({ method: 'DELETE', path: `/projects/${pid(cast)}/share` }),
  },
  {
    call: 'GET /projects/{id}/activity_logs',
    capability: 'projects.see',
    expect: row('ok', 'ok', 'ok', 'ok'),
    request: async (cast) => ({ method: 'GET', path: `/projects/${pid(cast)}/activity_logs` }),
  },
  // The project owner is a workspace admin here.
  {
    call: 'POST /labels (Workspace)',
    expect: WORKSPACE_ADMINS,
    request: async (cast) => ({
      method: 'POST',
      path: '/labels',
      body: {
        name: unique('Workspace label'),
        labellable_type: 'Workspace',
        labellable_id: cast.workspace.id,
      },
    }),
  },
  {
    call: 'GET /workspaces/{id}/labels',
    expect: WORKSPACE_ADMINS,
    request: async (cast) => ({ method: 'GET', path: `/workspaces/${cast.workspace.id}/labels` }),
  },
];

let t: TestApp;
let cast: ProjectCast;
beforeAll(async () => {
  t = await startTestApp();
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  const label = await cast.workspaceOwner.client.post('/labels', {
    name: 'Shared label',
    labellable_type: 'Workspace',
    labellable_id: cast.workspace.id,
  });
  workspaceLabelId = label.body.response.id;
});
afterAll(() => t.close());

const clientOf = (actor: ActorName): ApiClient => cast[actor].client;
const outcomeOf = (answer: ApiResponse): Outcome =>
  answer.status >= 200 && answer.status < 300 ? 'ok' : (answer.status as Outcome);

describe('project resource permissions', () => {
  it.each(ROWS.filter((r) => r.capability))('$call agrees with the capability table', (r) => {
    for (const [actor, projectActor] of Object.entries(PROJECT_ACTORS)) {
      const expected = r.expect[actor as ActorName];
      expect([r.call, actor, expected === 'ok']).toEqual([r.call, actor, can(projectActor, r.capability!)]);
    }
  });

  it.each(ROWS)('$call answers each caller as the table says', async (r) => {
    const seen: Record<string, Outcome> = {};
    for (const actor of ACTORS) {
      const { method, path, body } = await r.request(cast, actor);
      seen[actor] = outcomeOf(await clientOf(actor).request(method, path, body));
    }
    expect(seen).toEqual(r.expect);
  });
});
