import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace, PRICES, signedIn } from './factories';
import { ApiClient, startTestApp, type ApiResponse, type TestApp } from './harness';
import { buildMember, buildTeam } from './memberFactories';
import { addProjectMember, buildProject } from './projectFactories';
import { PROJECT_CALLERS, type ProjectCaller } from './projectCast';
import { TINY_PNG } from './images';

/**
 * The permission table of projects-side §6 with the workspace roles on top, walked call by call
 * for every kind of caller. The expectations are written out here, not computed from
 * common/projectRoles.ts, so a broken policy line fails a row. 200/201 allowed, 403 may see but
 * not do, 404 may not see, 401 no session (API.md).
 */
const ACTORS = PROJECT_CALLERS;
type Actor = ProjectCaller;

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  t = await startTestApp();
  world = await buildWorld();
});
afterAll(() => t.close());

const PNG = TINY_PNG;
const coverForm = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'cover.png');
  return form;
};

/**
 * A Team workspace whose admin creates the projects (project owner); a workspace collaborator and
 * a limited member join them as project collaborator and viewer; another admin and the workspace
 * owner stay out of them; a stranger owns a workspace of their own. The project owner is also an
 * admin of a second workspace, the target of transfers.
 */
async function buildWorld() {
  const team = await buildTeam(t.baseUrl, t.ctx);
  const otherAdmin = await buildMember(t.baseUrl, t.ctx, team.workspace.id, 'admin');
  const target = await buildTeam(t.baseUrl, t.ctx);
  await buildMember(t.baseUrl, t.ctx, target.workspace.id, 'admin', team.admin.user);
  const stranger = await buildWorkspace(t.baseUrl, t.ctx, {
    priceId: PRICES.teamMonthly,
    owner: await buildUser(t.ctx),
  });
  const clients: Record<Actor, ApiClient> = {
    owner: team.admin.client,
    collaborator: team.collaborator.client,
    viewer: team.limited.client,
    workspaceAdmin: otherAdmin.client,
    workspaceOwner: team.owner.client,
    stranger: await signedIn(t.baseUrl, stranger.owner),
    anonymous: new ApiClient(t.baseUrl),
  };
  return { team, targetWorkspaceId: target.workspace.id, clients };
}

/** A fresh project per row and caller, with its collaborator and viewer, and a cover. */
async function freshProject() {
  const { team } = world;
  const project = await buildProject(team.admin.client, team.workspace.id);
  await addProjectMember(t.ctx, project.id, team.collaborator.user.id, 'collaborator');
  const viewerMemberId = await addProjectMember(t.ctx, project.id, team.limited.user.id, 'viewer');
  await team.admin.client.request('POST', `/projects/${project.id}/cover`, coverForm());
  return { id: project.id as number, viewerMemberId };
}

type Fixture = Awaited<ReturnType<typeof freshProject>>;
interface Row {
  call: string;
  run: (client: ApiClient, p: Fixture) => Promise<ApiResponse>;
  expected: Record<Actor, number>;
}

const row = (call: string, run: Row['run'], codes: number[]): Row => ({
  call,
  run,
  expected: Object.fromEntries(ACTORS.map((a, i) => [a, codes[i]!])) as Record<Actor, number>,
});

//                                           owner collab viewer wsAdmin wsOwner stranger anon
const ROWS: Row[] = [
  row('see: GET /projects/{id}', (c, p) => c.get(`/projects/${p.id}`), [200, 200, 200, 404, 200, 404, 401]),
  row(
    'edit: PUT /projects/{id}',
    (c, p) => c.put(`/projects/${p.id}`, { name: `Renamed ${p.id}` }),
    [200, 403, 403, 404, 403, 404, 401],
  ),
  row(
    'edit: PATCH /projects/{id}',
    (c, p) => c.patch(`/projects/${p.id}`, { description: 'x' }),
    [200, 403, 403, 404, 403, 404, 401],
  ),
  row(
    'destroy: DELETE /projects',
    (c, p) => c.request('DELETE', '/projects', { ids: [p.id] }),
    [200, 403, 403, 404, 200, 404, 401],
  ),
  row(
    'archive: mark_as_archived',
    (c, p) => c.patch('/projects/mark_as_archived', { ids: [p.id] }),
    [200, 403, 403, 404, 403, 404, 401],
  ),
  row(
    'archive: mark_as_active',
    (c, p) => c.patch('/projects/mark_as_active', { ids: [p.id] }),
    [200, 403, 403, 404, 403, 404, 401],
  ),
  row(
    'hide: mark_as_hidden',
    (c, p) => c.patch('/projects/mark_as_hidden', { ids: [p.id] }),
    [200, 200, 200, 404, 200, 404, 401],
  ),
  row(
    'hide: mark_as_visible',
    (c, p) => c.patch('/projects/mark_as_visible', { ids: [p.id] }),
    [200, 200, 200, 404, 200, 404, 401],
  ),
  row(
    'flag: set_rush_priority',
    (c, p) => c.post(`/projects/${p.id}/set_rush_priority`),
    [200, 200, 403, 404, 403, 404, 401],
  ),
  row(
    'flag: unset_rush_priority',
    (c, p) => c.post(`/projects/${p.id}/unset_rush_priority`),
    [200, 200, 403, 404, 403, 404, 401],
  ),
  row(
    'see: update_project_last_seen',
    (c, p) => c.post(`/projects/${p.id}/update_project_last_seen`),
    [200, 200, 200, 404, 200, 404, 401],
  ),
  row(
    'leave: POST /projects/leave',
    (c, p) => c.post('/projects/leave', { ids: [p.id] }),
    [403, 200, 200, 404, 403, 404, 401],
  ),
  row(
    'transfer ownership',
    (c, p) => c.post(`/projects/${p.id}/transfer_ownership`, { member_id: p.viewerMemberId }),
    [200, 403, 403, 404, 200, 404, 401],
  ),
  row(
    'transfer to workspace',
    (c, p) => c.post(`/projects/${p.id}/transfer_to_workspace`, { workspace_id: world.targetWorkspaceId }),
    [200, 403, 403, 404, 403, 404, 401],
  ),
  row(
    'edit: POST cover',
    (c, p) => c.request('POST', `/projects/${p.id}/cover`, coverForm()),
    [200, 403, 403, 404, 403, 404, 401],
  ),
  row(
    'edit: DELETE cover',
    (c, p) => c.delete(`/projects/${p.id}/cover`),
    [200, 403, 403, 404, 403, 404, 401],
  ),
  row('see: GET cover', (c, p) => c.get(`/projects/${p.id}/cover`), [200, 200, 200, 404, 200, 404, 401]),
];

describe('project permission table', () => {
  it.each(ROWS.map((r) => [r.call, r] as const))('%s', async (_call, r) => {
    const answers: Partial<Record<Actor, number>> = {};
    for (const actor of ACTORS) {
      const project = await freshProject();
      answers[actor] = (await r.run(world.clients[actor], project)).status;
    }
    expect(answers).toEqual(r.expected);
  });

  it('refused calls change nothing', async () => {
    const project = await freshProject();
    const { clients } = world;
    await clients.collaborator.put(`/projects/${project.id}`, { name: 'Stolen' });
    await clients.workspaceAdmin.request('DELETE', '/projects', { ids: [project.id] });
    await clients.viewer.post(`/projects/${project.id}/set_rush_priority`);
    await clients.workspaceOwner.patch('/projects/mark_as_archived', { ids: [project.id] });
    const seen = (await clients.owner.get(`/projects/${project.id}`)).body.response;
    expect(seen).toMatchObject({ id: project.id, status: 'active', rush_priority: false });
    expect(seen.name).not.toBe('Stolen');
  });
});

describe('project creation by workspace role', () => {
  it('is open to the workspace owner and admins only', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const create = (client: ApiClient) =>
      client
        .post('/projects', { name: `By role ${Math.random()}`, workspace_id: team.workspace.id })
        .then((a) => a.status);
    expect({
      owner: await create(team.owner.client),
      admin: await create(team.admin.client),
      collaborator: await create(team.collaborator.client),
      limited: await create(team.limited.client),
      outsider: await create(team.outsider.client),
      anonymous: await create(new ApiClient(t.baseUrl)),
    }).toEqual({ owner: 201, admin: 201, collaborator: 403, limited: 403, outsider: 404, anonymous: 401 });
  });
});
