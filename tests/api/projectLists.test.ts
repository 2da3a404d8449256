import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILTERS_INVALID } from '@server/services/projects/projectLists';
import { buildWorkspace, PRICES } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildTeam } from './memberFactories';
import { seedAssets } from './assetSeeds';
import { addProjectMember, buildProject, buildWorkspaceLabel } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const names = (answer: any): string[] => answer.body.response.map((p: any) => p.name);

/** A Team owner with projects created a minute apart, in the order given. */
async function ownerWith(projects: { name: string; client_name?: string }[]) {
  const { client, workspace, owner } = await buildWorkspace(t.baseUrl, t.ctx, {
    priceId: PRICES.teamMonthly,
  });
  const built: Record<string, any> = {};
  for (const p of projects) {
    t.clock.advance(MINUTE);
    built[p.name] = await buildProject(client, workspace.id, p);
  }
  return { client, workspace, owner, built };
}

const list = (client: ApiClient, scope: string, query: Record<string, string> = {}) =>
  client.get(`/projects/${scope}?${new URLSearchParams(query).toString()}`);

describe('GET /projects/active, /archived, /hidden', () => {
  it('lists the projects the caller is a member of or whose workspace they own', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const byAdmin = await buildProject(team.admin.client, team.workspace.id, { name: 'Admin’s' });
    const byOwner = await buildProject(team.owner.client, team.workspace.id, { name: 'Owner’s' });
    await addProjectMember(t.ctx, byOwner.id, team.collaborator.user.id, 'viewer');
    const sort = { sort_by: 'name' };
    expect(names(await list(team.owner.client, 'active', sort))).toEqual(['Admin’s', 'Owner’s']);
    expect(names(await list(team.admin.client, 'active', sort))).toEqual(['Admin’s']);
    expect(names(await list(team.collaborator.client, 'active', sort))).toEqual(['Owner’s']);
    expect(names(await list(team.limited.client, 'active', sort))).toEqual([]);
    expect(names(await list(team.outsider.client, 'active', sort))).toEqual([]);
    expect((await list(new ApiClient(t.baseUrl), 'active')).status).toBe(401);
    expect(byAdmin.id).toBeGreaterThan(0);
  });

  it('keeps archived projects in /archived and hidden ones only in /hidden, for the user who hid them', async () => {
    const { client, built } = await ownerWith([{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }]);
    await client.patch('/projects/mark_as_archived', { ids: [built.B.id, built.D.id] });
    await client.patch('/projects/mark_as_hidden', { ids: [built.C.id, built.D.id] });
    const sort = { sort_by: 'name' };
    expect(names(await list(client, 'active', sort))).toEqual(['A']);
    expect(names(await list(client, 'archived', sort))).toEqual(['B']);
    const hidden = await list(client, 'hidden', sort);
    expect(hidden.body.response.map((p: any) => [p.name, p.status])).toEqual([
      ['C', 'hidden'],
      ['D', 'hidden_archived'],
    ]);
  });

  it('paginates, 100 a page by default', async () => {
    const { client } = await ownerWith([{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    const first = await list(client, 'active', { sort_by: 'name', per_page: '2' });
    expect(names(first)).toEqual(['A', 'B']);
    expect(first.body.meta.pagination).toEqual({
      current: 1,
      pages: 2,
      total_count: 3,
      first_page: true,
      last_page: false,
    });
    const second = await list(client, 'active', { sort_by: 'name', per_page: '2', page: '2' });
    expect(names(second)).toEqual(['C']);
    expect(second.body.meta.pagination).toMatchObject({ current: 2, first_page: false, last_page: true });
    expect((await list(client, 'active')).body.meta.pagination).toMatchObject({ pages: 1, total_count: 3 });
    expect((await list(client, 'active', { per_page: '0' })).status).toBe(422);
    expect((await list(client, 'active', { sort_by: 'size' })).status).toBe(422);
  });

  it('sorts by name, date created, recent activity, client name and unresolved comments, both ways', async () => {
    const { client, built } = await ownerWith([
      { name: 'banana', client_name: 'Zeta' },
      { name: 'Apple' },
      { name: 'cherry', client_name: 'alpha' },
    ]);
    const by = async (sort_by: string, sort_order = 'asc') =>
      names(await list(client, 'active', { sort_by, sort_order }));
    expect(await by('name')).toEqual(['Apple', 'banana', 'cherry']);
    expect(await by('name', 'desc')).toEqual(['cherry', 'banana', 'Apple']);
    expect(await by('created_at')).toEqual(['banana', 'Apple', 'cherry']);
    expect(await by('created_at', 'desc')).toEqual(['cherry', 'Apple', 'banana']);
    t.clock.advance(MINUTE);
    await client.patch(`/projects/${built.banana.id}`, { description: 'touched' });
    expect(await by('last_activity_at', 'desc')).toEqual(['banana', 'cherry', 'Apple']);
    expect(await by('client_name')).toEqual(['cherry', 'banana', 'Apple']);
    expect(await by('client_name', 'desc')).toEqual(['banana', 'cherry', 'Apple']);
    await t.ctx.db
      .updateTable('projects')
      .set({ unresolved_comments_count: 5 })
      .where('id', '=', built.Apple.id)
      .execute();
    await t.ctx.db
      .updateTable('projects')
      .set({ unresolved_comments_count: 2 })
      .where('id', '=', built.cherry.id)
      .execute();
    expect(await by('unresolved_comments', 'desc')).toEqual(['Apple', 'cherry', 'banana']);
  });

  it('sorts by priority: flagged first, latest flag first, then by recent activity; descending reverses', async () => {
    const { client, built } = await ownerWith([{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }]);
    t.clock.advance(MINUTE);
    await client.post(`/projects/${built.B.id}/set_rush_priority`);
    t.clock.advance(MINUTE);
    await client.post(`/projects/${built.C.id}/set_rush_priority`);
    t.clock.advance(MINUTE);
    await client.patch(`/projects/${built.A.id}`, { description: 'recent' });
    const asc = names(await list(client, 'active'));
    expect(asc).toEqual(['C', 'B', 'A', 'D']);
    expect(names(await list(client, 'active', { sort_by: 'priority', sort_order: 'desc' }))).toEqual(
      [...asc].reverse(),
    );
  });

  it('filters by priority, unresolved comments, role, label and new assets, and searches names and clients', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const mine = await buildProject(team.owner.client, team.workspace.id, {
      name: 'Mine 100%',
      client_name: 'Acme',
    });
    const theirs = await buildProject(team.admin.client, team.workspace.id, { name: 'Theirs' });
    await addProjectMember(t.ctx, theirs.id, team.owner.user.id, 'collaborator');
    await team.owner.client.post(`/projects/${theirs.id}/set_rush_priority`);
    await t.ctx.db
      .updateTable('projects')
      .set({ unresolved_comments_count: 1 })
      .where('id', '=', mine.id)
      .execute();
    const labelId = await buildWorkspaceLabel(t.ctx, team.workspace.id, 'Print', [mine.id]);
    const filtered = async (filters: object, q?: string) =>
      names(
        await list(team.owner.client, 'active', {
          sort_by: 'name',
          filters: JSON.stringify(filters),
          ...(q ? { q } : {}),
        }),
      );
    expect(await filtered({ priority: true })).toEqual(['Theirs']);
    expect(await filtered({ unresolved_comments: true })).toEqual(['Mine 100%']);
    expect(await filtered({ role: 'owner' })).toEqual(['Mine 100%']);
    expect(await filtered({ role: 'collaborator' })).toEqual(['Theirs']);
    expect(await filtered({ label_id: labelId })).toEqual(['Mine 100%']);
    expect(await filtered({ new_assets: true })).toEqual([]);
    expect(await filtered({}, 'acm')).toEqual(['Mine 100%']);
    expect(await filtered({}, 'EIR')).toEqual(['Theirs']);
    expect(await filtered({}, '0%')).toEqual(['Mine 100%']);
    expect(await filtered({}, '_')).toEqual([]);
    const labelled = (
      await list(team.owner.client, 'active', { filters: JSON.stringify({ label_id: labelId }) })
    ).body.response[0];
    expect(labelled.labels).toEqual([
      {
        id: labelId,
        name: 'Print',
        custom: true,
        labellable_type: 'Workspace',
        labellable_id: team.workspace.id,
        base_color: '#E5484D',
        hover_color: '#C4353A',
        order: null,
      },
    ]);
    expect(labelled.label.id).toBe(labelId);

    const invalid = await list(team.owner.client, 'active', { filters: '{nope' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.response.error.details).toEqual({ filters: [FILTERS_INVALID] });
    expect((await list(team.owner.client, 'active', { filters: '{"role":"boss"}' })).status).toBe(422);
  });

  it('presents a page of many projects in a fixed number of queries', async () => {
    const { client, workspace, owner } = await buildWorkspace(t.baseUrl, t.ctx, {
      priceId: PRICES.teamMonthly,
    });
    const queriesFor = async () => {
      const spy = vi.spyOn(t.ctx.db.getExecutor(), 'executeQuery');
      const answer = await list(client, 'active');
      // The job queue works on its own timer (the invitations' mail), whatever the call does.
      const n = spy.mock.calls.filter(
        ([query]) => !/"jobs"|"job_schedules"|"mail_outbox"/.test(query.sql),
      ).length;
      spy.mockRestore();
      const pictured = answer.body.response.filter((p: any) => p.thumbnail_url !== null).length;
      return { n, length: answer.body.response.length, pictured };
    };
    // Each with an asset whose thumbnail pictures the project (it has no cover of its own).
    const withAsset = async (project: { id: number }) =>
      seedAssets(t.ctx, { projectId: project.id, uploaderId: owner.id }, [
        { name: 'cover.jpg', thumbnail: { key: `renditions/t${project.id}/thumbnail`, lqip: '' } },
      ]);
    for (let i = 0; i < 2; i += 1) await withAsset(await buildProject(client, workspace.id));
    const few = await queriesFor();
    for (let i = 0; i < 30; i += 1)
      await withAsset(await buildProject(client, workspace.id, { invite_all_members: true }));
    const many = await queriesFor();
    expect(few.length).toBe(2);
    expect(many.length).toBe(32);
    expect(few.n).toBeGreaterThan(0);
    expect(many.n).toBe(few.n);
    expect(many.pictured).toBe(32);
    expect(many.n).toBeLessThanOrEqual(10);
  });
});

describe('manual order', () => {
  it('saves the order, switches the sort to manual ascending, and lists unknown projects after, newest first', async () => {
    const { client, owner, built } = await ownerWith([
      { name: 'A' },
      { name: 'B' },
      { name: 'C' },
      { name: 'D' },
    ]);
    await client.put('/users/me/projects_view_options', {
      sort: 'name',
      sort_ascending: false,
      view: 'list',
    });
    const saved = await client.patch(`/user_preferences/${owner.id}/set_projects_order`, {
      project_ids: [built.C.id, built.A.id, built.C.id],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.response).toMatchObject({ sort: 'manual', sort_ascending: true, view: 'list' });
    expect((await client.get('/users/me/projects_view_options')).body.response.sort).toBe('manual');
    const me = (await client.get('/users/me')).body.response;
    expect(me.user_preference.projects_order).toEqual([built.C.id, built.A.id]);
    expect(names(await list(client, 'active', { sort_by: 'manual' }))).toEqual(['C', 'A', 'D', 'B']);
    expect(names(await list(client, 'active', { sort_by: 'manual', sort_order: 'desc' }))).toEqual([
      'B',
      'D',
      'A',
      'C',
    ]);
    expect(names(await list(client, 'active', { sort_by: 'manual', per_page: '2', page: '2' }))).toEqual([
      'D',
      'B',
    ]);
  });

  it('answers 404 for another user’s preferences and 401 without a session', async () => {
    const { client, owner } = await ownerWith([]);
    expect(
      (await client.patch(`/user_preferences/${owner.id + 1000}/set_projects_order`, { project_ids: [] }))
        .status,
    ).toBe(404);
    const anonymous = new ApiClient(t.baseUrl);
    expect(
      (await anonymous.patch(`/user_preferences/${owner.id}/set_projects_order`, { project_ids: [] })).status,
    ).toBe(401);
    expect(
      (await client.patch(`/user_preferences/${owner.id}/set_projects_order`, { project_ids: ['x'] })).status,
    ).toBe(422);
  });
});

describe('GET and PUT /users/me/projects_view_options', () => {
  it('starts from the defaults and keeps what the user saves', async () => {
    const { client } = await ownerWith([]);
    expect((await client.get('/users/me/projects_view_options')).body.response).toEqual({
      view: 'grid',
      sort: 'priority',
      sort_ascending: true,
      filter: {},
      item_size: 50,
      show_archived: false,
    });
    const options = {
      view: 'list',
      sort: 'client_name',
      sort_ascending: false,
      filter: { priority: true, role: 'owner' },
      item_size: 80,
      show_archived: true,
    };
    expect((await client.put('/users/me/projects_view_options', options)).body.response).toEqual(options);
    expect((await client.get('/users/me/projects_view_options')).body.response).toEqual(options);
    expect((await client.put('/users/me/projects_view_options', { item_size: 101 })).status).toBe(422);
    expect((await new ApiClient(t.baseUrl).get('/users/me/projects_view_options')).status).toBe(401);
  });
});

describe('GET /workspaces/{id}/projects', () => {
  it('shows owner and admins every project, others their own, sorted by name, date or size', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    t.clock.advance(MINUTE);
    const big = await buildProject(team.admin.client, team.workspace.id, { name: 'beta' });
    t.clock.advance(MINUTE);
    const small = await buildProject(team.owner.client, team.workspace.id, { name: 'Alpha' });
    await t.ctx.db
      .updateTable('projects')
      .set({ storage_used_in_bytes: 5000 })
      .where('id', '=', big.id)
      .execute();
    await addProjectMember(t.ctx, small.id, team.collaborator.user.id, 'viewer');
    const path = (query = '') => `/workspaces/${team.workspace.id}/projects${query}`;

    const all = await team.admin.client.get(path());
    expect(all.status).toBe(200);
    expect(all.body.response.map((p: any) => p.name)).toEqual(['Alpha', 'beta']);
    expect(all.body.response[1]).toEqual({
      id: big.id,
      name: 'beta',
      cover_image_url: null,
      owner: {
        id: team.admin.user.id,
        name: team.admin.user.name,
        email: team.admin.user.email,
        avatar: null,
      },
      users: [
        { id: team.admin.user.id, name: team.admin.user.name, email: team.admin.user.email, avatar: null },
      ],
      created_at: big.created_at,
      storage_used_in_bytes: 5000,
      current_role_id: 'owner',
    });
    const byOwner = (query: string) =>
      team.owner.client.get(path(query)).then((a) => a.body.response.map((p: any) => p.name));
    expect(await byOwner('?sort=by_name&order=desc')).toEqual(['beta', 'Alpha']);
    expect(await byOwner('?sort=by_date_added&order=desc')).toEqual(['Alpha', 'beta']);
    expect(await byOwner('?sort=by_size&order=desc')).toEqual(['beta', 'Alpha']);
    expect(await byOwner('?sort=by_size')).toEqual(['Alpha', 'beta']);
    expect((await team.owner.client.get(path())).body.response[1].current_role_id).toBeNull();

    const collaborator = await team.collaborator.client.get(path());
    expect(collaborator.body.response.map((p: any) => [p.name, p.current_role_id])).toEqual([
      ['Alpha', 'viewer'],
    ]);
    const limitedAnswer = await team.limited.client.get(path());
    expect(limitedAnswer.body.response).toEqual([]);
    expect((await team.outsider.client.get(path())).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).get(path())).status).toBe(401);
    expect((await team.owner.client.get(path('?sort=by_colour'))).status).toBe(422);
  });
});
