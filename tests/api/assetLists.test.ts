import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_FILTERS_MAX_LENGTH, ASSET_LIST_TEXTS, ASSET_SORT_VALUES } from '@common/api/assetLists';
import { assetSchema } from '@common/api/assets';
import { seedAssets, type SeedAsset } from './assetSeeds';
import { buildUser, buildWorkspace, PRICES, signedIn, type BuiltUser } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildProject, buildProjectMember } from './projectFactories';

const CORPUS = join(__dirname, '../../../shared/corpus');
const PNG = readFileSync(join(CORPUS, 'png/16bit-grey-alpha_109x96.png'));
const PDF = readFileSync(join(CORPUS, 'pdf/word-mac_quartz_2pages.pdf'));

let t: TestApp;
let owner: BuiltUser;
let client: ApiClient;
let workspaceId: number;
beforeAll(async () => {
  t = await startTestApp();
  const built = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
  ({ owner, client } = built);
  workspaceId = built.workspace.id;
});
afterAll(() => t.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();
const names = (answer: { body: any }): string[] => answer.body.response.map((a: any) => a.name);
const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();

async function newFolder(projectId: number, name = 'Shoot') {
  return (await client.post(`/projects/${projectId}/folders`, { name })).body.response as { id: number };
}

/**
 * Six assets made a minute apart, each sort separating them differently, with ties in round,
 * type, approval, unresolved comments, upload time and activity (broken by id).
 */
const SIX: SeedAsset[] = [
  {
    name: 'Beta.jpg',
    createdAt: at(1),
    lastActivityAt: at(15),
    roundNumber: 2,
    approve: 'confirmed',
    rushPrioritySetAt: at(13),
    unresolvedCommentsCount: 1,
  },
  {
    name: 'alpha.png',
    fileType: 'png',
    createdAt: at(2),
    lastActivityAt: at(11),
    roundNumber: 0,
    unresolvedCommentsCount: 3,
  },
  {
    name: 'Zeta.pdf',
    kind: 'document',
    createdAt: at(3),
    lastActivityAt: at(14),
    roundNumber: 1,
    rushPrioritySetAt: at(17),
  },
  {
    name: 'été.tif',
    fileType: 'tiff',
    createdAt: at(4),
    lastActivityAt: at(12),
    roundNumber: 1,
    approve: 'confirmed',
  },
  { name: 'gamma.jpg', createdAt: at(5), lastActivityAt: at(13), roundNumber: 2, unresolvedCommentsCount: 1 },
  { name: 'delta.jpg', createdAt: at(5), lastActivityAt: at(13), roundNumber: 0, unresolvedCommentsCount: 2 },
];

/** Each sort ascending; descending is its exact reverse. */
const ASCENDING: Record<string, string[]> = {
  // Compared code point by code point after lower case: é comes after z.
  file_name: ['alpha.png', 'Beta.jpg', 'delta.jpg', 'gamma.jpg', 'Zeta.pdf', 'été.tif'],
  recent_activity: ['alpha.png', 'été.tif', 'gamma.jpg', 'delta.jpg', 'Zeta.pdf', 'Beta.jpg'],
  round_number: ['alpha.png', 'delta.jpg', 'Zeta.pdf', 'été.tif', 'Beta.jpg', 'gamma.jpg'],
  file_type: ['Beta.jpg', 'gamma.jpg', 'delta.jpg', 'Zeta.pdf', 'alpha.png', 'été.tif'],
  approved: ['Beta.jpg', 'été.tif', 'alpha.png', 'Zeta.pdf', 'gamma.jpg', 'delta.jpg'],
  // Flagged first, the latest flag first; then the latest activity first, the newest id first.
  priority: ['Zeta.pdf', 'Beta.jpg', 'delta.jpg', 'gamma.jpg', 'été.tif', 'alpha.png'],
  unresolved_comments: ['Zeta.pdf', 'été.tif', 'Beta.jpg', 'gamma.jpg', 'delta.jpg', 'alpha.png'],
  // Never placed by hand: in upload order.
  manual: ['Beta.jpg', 'alpha.png', 'Zeta.pdf', 'été.tif', 'gamma.jpg', 'delta.jpg'],
  date_uploaded: ['Beta.jpg', 'alpha.png', 'Zeta.pdf', 'été.tif', 'gamma.jpg', 'delta.jpg'],
};

async function projectWithSix() {
  const project = await buildProject(client, workspaceId);
  const folder = await newFolder(project.id);
  const ids = await seedAssets(
    t.ctx,
    { projectId: project.id, folderId: folder.id, uploaderId: owner.id },
    SIX,
  );
  const byName = new Map(SIX.map((a, i) => [a.name, ids[i]!]));
  const list = (params: Record<string, unknown> = {}, as: ApiClient = client) =>
    as.get(`/folders/${folder.id}/assets?${query(params)}`);
  return { project, folder, byName, list };
}

describe('GET /folders/{id}/assets and /projects/{id}/assets: sorts', () => {
  it('sorts by each of the nine options both ways, ties by id, names case-insensitively on both databases', async () => {
    const { list } = await projectWithSix();
    expect(Object.keys(ASCENDING).sort()).toEqual([...ASSET_SORT_VALUES].sort());
    for (const sort of ASSET_SORT_VALUES) {
      const ascending = await list({ sort_by: sort, sort_order: 'asc' });
      expect({ sort, names: names(ascending) }).toEqual({ sort, names: ASCENDING[sort] });
      const descending = await list({ sort_by: sort, sort_order: 'desc' });
      expect({ sort, names: names(descending) }).toEqual({ sort, names: [...ASCENDING[sort]!].reverse() });
    }
  });

  it('sorts by priority ascending unless asked, and answers each asset as the asset schema says', async () => {
    const { list } = await projectWithSix();
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(names(answer)).toEqual(ASCENDING.priority);
    expect(() => assetSchema.array().parse(answer.body.response)).not.toThrow();
    expect(answer.body.response[0]).toMatchObject({
      name: 'Zeta.pdf',
      rush_priority: true,
      kind: 'document',
    });
    expect(answer.body.meta.pagination).toEqual({
      current: 1,
      pages: 1,
      total_count: 6,
      first_page: true,
      last_page: true,
    });
  });

  it('refuses an unknown sort, direction or page', async () => {
    const { list } = await projectWithSix();
    for (const params of [{ sort_by: 'size' }, { sort_order: 'up' }, { page: '0' }, { page: 'two' }]) {
      const answer = await list(params);
      expect({ params, status: answer.status }).toEqual({ params, status: 422 });
      expect(answer.body.response.error.code).toBe('invalid_record');
    }
  });
});

describe('asset list pages', () => {
  let project: { id: number };
  let folder: { id: number };
  const total = 250;
  beforeAll(async () => {
    project = await buildProject(client, workspaceId);
    folder = await newFolder(project.id);
    // Three round numbers and two approvals among 250: long runs of ties.
    await seedAssets(
      t.ctx,
      { projectId: project.id, folderId: folder.id, uploaderId: owner.id },
      Array.from({ length: total }, (_, i) => ({
        name: `IMG_${String(i).padStart(4, '0')}.jpg`,
        roundNumber: i % 3,
        approve: i % 4 === 0 ? 'confirmed' : 'pending',
      })),
    );
    await seedAssets(t.ctx, { projectId: project.id, uploaderId: owner.id }, [{ name: 'At the root.jpg' }]);
  });

  const page = (n: number, params: Record<string, unknown> = {}) =>
    client.get(`/folders/${folder.id}/assets?${query({ ...params, page: String(n) })}`);

  it('holds 100 a page with the pagination of the spec, and an empty page past the last', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((n) => page(n, { sort_by: 'file_name' })));
    expect(pages.map((p) => p.body.response.length)).toEqual([100, 100, 50, 0]);
    expect(pages.map((p) => p.body.meta.pagination)).toEqual([
      { current: 1, pages: 3, total_count: total, first_page: true, last_page: false },
      { current: 2, pages: 3, total_count: total, first_page: false, last_page: false },
      { current: 3, pages: 3, total_count: total, first_page: false, last_page: true },
      { current: 4, pages: 3, total_count: total, first_page: false, last_page: true },
    ]);
    expect(names(pages[1]!)[0]).toBe('IMG_0100.jpg');
    expect(names(pages[2]!).at(-1)).toBe('IMG_0249.jpg');
  });

  it('never repeats or skips an asset across pages, however many ties, in every sort and both directions', async () => {
    for (const sort of ASSET_SORT_VALUES)
      for (const order of ['asc', 'desc']) {
        const ids: number[] = [];
        for (const n of [1, 2, 3])
          ids.push(
            ...(await page(n, { sort_by: sort, sort_order: order })).body.response.map((a: any) => a.id),
          );
        expect({ sort, order, distinct: new Set(ids).size }).toEqual({ sort, order, distinct: total });
      }
  });

  it('costs the same few statements for a page of 100 as for a page of 6', async () => {
    const six = await projectWithSix();
    const executor = t.ctx.db.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    const statements: string[] = [];
    executor.executeQuery = (compiled, ...rest) => {
      statements.push(compiled.sql);
      return execute(compiled, ...rest);
    };
    try {
      // A sort not asked before: the answer is built, not kept.
      const cost = async (folderId: number) => {
        statements.length = 0;
        expect((await client.get(`/folders/${folderId}/assets?sort_by=unresolved_comments`)).status).toBe(
          200,
        );
        return statements.filter((sql) => !/"jobs"|"job_schedules"/.test(sql)).length;
      };
      const ofHundred = await cost(folder.id);
      expect(ofHundred).toBe(await cost(six.folder.id));
      // The session, the folder, access, the page’s ids, its rows, the count, and the presenter’s four.
      expect(ofHundred).toBeLessThanOrEqual(10);
    } finally {
      executor.executeQuery = execute;
    }
  });

  it("lists a folder's assets apart from the project root's", async () => {
    const root = await client.get(`/projects/${project.id}/assets`);
    expect(names(root)).toEqual(['At the root.jpg']);
    expect(root.body.meta.pagination.total_count).toBe(1);
  });

  it('counts a filtered list, and pages it', async () => {
    const approved = await page(1, { filters: { approve: 'confirmed' }, sort_by: 'file_name' });
    expect(approved.body.meta.pagination).toMatchObject({ total_count: 63, pages: 1 });
    expect(names(approved).slice(0, 3)).toEqual(['IMG_0000.jpg', 'IMG_0004.jpg', 'IMG_0008.jpg']);
  });
});

describe('asset list filters', () => {
  it('filters by approval, rush priority, unresolved comments, kind and file type, combined with "and"', async () => {
    const { list } = await projectWithSix();
    const filtered = async (filters: unknown) => names(await list({ sort_by: 'date_uploaded', filters }));
    expect(await filtered({ approve: 'confirmed' })).toEqual(['Beta.jpg', 'été.tif']);
    expect(await filtered({ approve: 'pending' })).toEqual([
      'alpha.png',
      'Zeta.pdf',
      'gamma.jpg',
      'delta.jpg',
    ]);
    expect(await filtered({ priority: true })).toEqual(['Beta.jpg', 'Zeta.pdf']);
    expect(await filtered({ unresolved_comments: true })).toEqual([
      'Beta.jpg',
      'alpha.png',
      'gamma.jpg',
      'delta.jpg',
    ]);
    expect(await filtered({ kind: 'document' })).toEqual(['Zeta.pdf']);
    expect(await filtered({ kind: 'image' })).toHaveLength(5);
    expect(await filtered({ file_types: ['png', 'tiff'] })).toEqual(['alpha.png', 'été.tif']);
    expect(await filtered({ approve: 'pending', kind: 'image', unresolved_comments: true })).toEqual([
      'alpha.png',
      'gamma.jpg',
      'delta.jpg',
    ]);
    // Off, empty or false filters filter nothing.
    expect(await filtered({})).toHaveLength(6);
    expect(await filtered({ priority: false, label_ids: [], file_types: [] })).toHaveLength(6);
  });

  it('filters by any of the labels named', async () => {
    const { project, byName, list } = await projectWithSix();
    const labels = (await client.get(`/projects/${project.id}/labels`)).body.response as { id: number }[];
    const [first, second] = labels;
    const label = (name: string, labelId: number) =>
      t.ctx.db.updateTable('assets').set({ label_id: labelId }).where('id', '=', byName.get(name)!).execute();
    await label('alpha.png', first!.id);
    await label('gamma.jpg', first!.id);
    await label('Zeta.pdf', second!.id);
    const filtered = async (filters: unknown) => names(await list({ sort_by: 'file_name', filters }));
    expect(await filtered({ label_ids: [first!.id] })).toEqual(['alpha.png', 'gamma.jpg']);
    expect(await filtered({ label_ids: [first!.id, second!.id] })).toEqual([
      'alpha.png',
      'gamma.jpg',
      'Zeta.pdf',
    ]);
    const answer = await list({ filters: { label_ids: [second!.id] } });
    expect(answer.body.response[0].label).toMatchObject({ id: second!.id });
  });

  it("filters what is new for the caller, as the tiles' 'new' marks show it", async () => {
    const { project, byName, list } = await projectWithSix();
    const teammate = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const newFor = async (as: ApiClient) => {
      const answer = await list({ sort_by: 'date_uploaded', filters: { new_for_me: true } }, as);
      const all = (await list({ sort_by: 'date_uploaded' }, as)).body.response as any[];
      const marked = all
        .filter(
          (a) =>
            a.is_new_for_current_user ||
            a.has_rounds_unseen_by_current_user ||
            a.has_new_name_for_current_user ||
            a.has_new_label_for_current_user,
        )
        .map((a) => a.name);
      expect(names(answer)).toEqual(marked);
      return names(answer);
    };
    const seen = (userId: number, name: string, minute: number) =>
      t.ctx.db
        .insertInto('asset_user_states')
        .values({ asset_id: byName.get(name)!, user_id: userId, last_seen_at: at(minute) })
        .onConflict((oc) => oc.columns(['asset_id', 'user_id']).doUpdateSet({ last_seen_at: at(minute) }))
        .execute();
    const change = (name: string, values: Record<string, unknown>) =>
      t.ctx.db.updateTable('assets').set(values).where('id', '=', byName.get(name)!).execute();

    // The uploader has seen what they uploaded; the teammate has seen nothing.
    expect(await newFor(client)).toEqual([]);
    expect(await newFor(teammate.client)).toHaveLength(6);

    for (const name of ['Beta.jpg', 'alpha.png', 'Zeta.pdf', 'été.tif'])
      await seen(teammate.user.id, name, 30);
    expect(await newFor(teammate.client)).toEqual(['gamma.jpg', 'delta.jpg']);

    // Renamed by the owner after the teammate saw it; relabelled by the teammate themself.
    await change('Beta.jpg', { name_changed_at: at(31), name_changed_by_id: owner.id });
    await change('alpha.png', { label_changed_at: at(31), label_changed_by_id: teammate.user.id });
    expect(await newFor(teammate.client)).toEqual(['Beta.jpg', 'gamma.jpg', 'delta.jpg']);
    // The teammate's relabelling, and a new round they uploaded, are news to the owner.
    await change('été.tif', { round_added_at: at(32), round_added_by_id: teammate.user.id });
    expect(await newFor(client)).toEqual(['alpha.png', 'été.tif']);
    // Seen after the change: no longer new.
    await seen(owner.id, 'été.tif', 33);
    expect(await newFor(client)).toEqual(['alpha.png']);
  });

  it('refuses filters that are not JSON, not the asset filters, or too long, before reading any', async () => {
    const { list } = await projectWithSix();
    const refusal = async (filters: string) => {
      const answer = await list({ filters });
      expect(answer.status).toBe(422);
      expect(answer.body.response.error.code).toBe('invalid_record');
      return answer.body.response.error.details.filters as string[];
    };
    expect(await refusal('{approve: confirmed}')).toEqual([ASSET_LIST_TEXTS.filtersNotJson]);
    expect(await refusal('{"approve":"yes"}')).toEqual([expect.stringMatching(/^Filters: approve: /)]);
    expect(await refusal('{"colour":"red"}')).toEqual([expect.stringContaining('colour')]);
    expect(await refusal('[1]')).toEqual([expect.stringMatching(/^Filters: .*object/)]);
    expect(await refusal('{"label_ids":["one"]}')).toEqual([
      expect.stringMatching(/^Filters: label_ids\.0: /),
    ]);
    expect(await refusal(`{"file_types":["${'x'.repeat(ASSET_FILTERS_MAX_LENGTH)}"]}`)).toEqual([
      ASSET_LIST_TEXTS.filtersTooLong,
    ]);
  });

  it('lists and filters what came through the upload path: type, kind and round number kept on the asset', async () => {
    const project = await buildProject(client, workspaceId, { assets_start_retouched: false });
    const upload = async (bytes: typeof PNG, name: string) => {
      const form = new FormData();
      form.set('project_id', String(project.id));
      form.set('file', new Blob([bytes]), name);
      const answer = await client.post('/assets', form);
      expect(answer.status).toBe(201);
      return answer.body.response.id as number;
    };
    const picture = await upload(PNG, 'picture.png');
    await upload(PDF, 'brief.pdf');
    const round = new FormData();
    round.set('file', new Blob([PNG]), 'picture-retouched.png');
    expect((await client.post(`/assets/${picture}/versions`, round)).status).toBe(201);

    const list = (params: Record<string, unknown>) =>
      client.get(`/projects/${project.id}/assets?${query(params)}`);
    expect(names(await list({ filters: { kind: 'document' } }))).toEqual(['brief.pdf']);
    expect(names(await list({ filters: { file_types: ['png'] } }))).toEqual(['picture.png']);
    expect(names(await list({ sort_by: 'round_number', sort_order: 'desc' }))).toEqual([
      'picture.png',
      'brief.pdf',
    ]);
    expect(names(await list({ sort_by: 'file_type' }))).toEqual(['brief.pdf', 'picture.png']);
  });
});

describe('PATCH /projects/{id}/set_assets_order', () => {
  it("puts the assets at the top of the manual order as the caller sees it, the others after them, and switches the caller's lists to Manual", async () => {
    const { project, byName, list } = await projectWithSix();
    const ids = (...assetNames: string[]) => assetNames.map((n) => byName.get(n)!);
    const manual = async (order: string) => names(await list({ sort_by: 'manual', sort_order: order }));

    const placed = await client.patch(`/projects/${project.id}/set_assets_order`, {
      asset_ids: ids('gamma.jpg', 'Zeta.pdf'),
      order: 'asc',
    });
    expect(placed.status).toBe(200);
    expect(placed.body.response).toMatchObject({ sort: 'manual', sort_ascending: true });
    expect(await manual('asc')).toEqual([
      'gamma.jpg',
      'Zeta.pdf',
      'Beta.jpg',
      'alpha.png',
      'été.tif',
      'delta.jpg',
    ]);

    // Seen descending, the one placed goes to the top of that view; the rest keep their order.
    const down = await client.patch(`/projects/${project.id}/set_assets_order`, {
      asset_ids: ids('alpha.png'),
      order: 'desc',
    });
    expect(down.body.response).toMatchObject({ sort: 'manual', sort_ascending: false });
    expect(await manual('desc')).toEqual([
      'alpha.png',
      'delta.jpg',
      'été.tif',
      'Beta.jpg',
      'Zeta.pdf',
      'gamma.jpg',
    ]);
    expect((await client.get('/users/me/assets_view_options')).body.response).toMatchObject({
      sort: 'manual',
      sort_ascending: false,
    });
    // Each reordering is in the project's activity log (and on the bus for other members' grids).
    const logs = (await client.get(`/projects/${project.id}/activity_logs`)).body.response;
    expect(logs.map((l: { text: string }) => l.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/ moved 2 assets in the manual order\.$/),
        expect.stringMatching(/ moved an asset in the manual order\.$/),
      ]),
    );

    // An asset uploaded later was never placed: after the placed ones, ascending.
    const folderId = (await list()).body.response[0].folder_id;
    await seedAssets(t.ctx, { projectId: project.id, folderId, uploaderId: owner.id }, [
      { name: 'late.jpg' },
    ]);
    expect((await manual('asc')).at(-1)).toBe('late.jpg');
  });

  it('keeps positions within their bounds, numbering them anew when they near them', async () => {
    const { project, byName, list } = await projectWithSix();
    await t.ctx.db
      .updateTable('assets')
      .set({ position: 2 ** 30 - 3 })
      .where('id', '=', byName.get('delta.jpg')!)
      .execute();
    // delta.jpg was placed last of all, the others never: first ascending.
    expect(names(await list({ sort_by: 'manual' }))[0]).toBe('delta.jpg');
    const answer = await client.patch(`/projects/${project.id}/set_assets_order`, {
      asset_ids: [byName.get('Zeta.pdf')!],
      order: 'desc',
    });
    expect(answer.status).toBe(200);
    expect(names(await list({ sort_by: 'manual', sort_order: 'desc' }))).toEqual([
      'Zeta.pdf',
      'gamma.jpg',
      'été.tif',
      'alpha.png',
      'Beta.jpg',
      'delta.jpg',
    ]);
    const positions = await t.ctx.db
      .selectFrom('assets')
      .select('position')
      .where('project_id', '=', project.id)
      .execute();
    expect(Math.max(...positions.map((p) => p.position!))).toBeLessThan(100);
  });

  it('answers 404 for an asset of another project or none, 403 to View Only, 404 to strangers, 401 anonymous', async () => {
    const { project, byName } = await projectWithSix();
    const other = await projectWithSix();
    const mine = byName.get('alpha.png')!;
    const order = (as: ApiClient, assetIds: number[]) =>
      as.patch(`/projects/${project.id}/set_assets_order`, { asset_ids: assetIds, order: 'asc' });
    expect((await order(client, [mine, other.byName.get('alpha.png')!])).status).toBe(404);
    expect((await order(client, [mine, 999_999])).status).toBe(404);
    expect((await order(client, [])).status).toBe(422);
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    expect((await order(viewer.client, [mine])).status).toBe(403);
    const collaborator = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    expect((await order(collaborator.client, [mine])).status).toBe(200);
    const stranger = await signedIn(t.baseUrl, await buildUser(t.ctx));
    expect((await order(stranger, [mine])).status).toBe(404);
    expect((await order(new ApiClient(t.baseUrl), [mine])).status).toBe(401);
  });
});

describe('who may list', () => {
  it('lets View Only list and filter; answers 404 to strangers and for unknown ids, 401 anonymous', async () => {
    const { project, folder, list } = await projectWithSix();
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    expect(names(await list({ sort_by: 'file_name', filters: { kind: 'document' } }, viewer.client))).toEqual(
      ['Zeta.pdf'],
    );
    expect((await viewer.client.get(`/projects/${project.id}/assets`)).status).toBe(200);
    const stranger = await signedIn(t.baseUrl, await buildUser(t.ctx));
    expect((await stranger.get(`/projects/${project.id}/assets`)).status).toBe(404);
    expect((await stranger.get(`/folders/${folder.id}/assets`)).status).toBe(404);
    expect((await client.get('/folders/999999/assets')).status).toBe(404);
    expect((await client.get('/projects/999999/assets')).status).toBe(404);
    const anonymous = new ApiClient(t.baseUrl);
    expect((await anonymous.get(`/projects/${project.id}/assets`)).status).toBe(401);
    expect((await anonymous.get(`/folders/${folder.id}/assets`)).status).toBe(401);
  });
});

describe('GET and PATCH /users/me/assets_view_options', () => {
  it('starts from the defaults, changes only the options given, and keeps them per user', async () => {
    const user = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const defaults = { view: 'grid', sort: 'priority', sort_ascending: true, filter: {}, item_size: 50 };
    expect((await user.get('/users/me/assets_view_options')).body.response).toEqual(defaults);

    const changed = await user.patch('/users/me/assets_view_options', { view: 'list', item_size: 80 });
    expect(changed.status).toBe(200);
    expect(changed.body.response).toEqual({ ...defaults, view: 'list', item_size: 80 });
    const filter = { approve: 'pending', label_ids: [3], new_for_me: true };
    await user.patch('/users/me/assets_view_options', { sort: 'file_name', sort_ascending: false, filter });
    const expected = { view: 'list', sort: 'file_name', sort_ascending: false, filter, item_size: 80 };
    expect((await user.get('/users/me/assets_view_options')).body.response).toEqual(expected);
    // Another user's options are their own.
    expect((await client.get('/users/me/assets_view_options')).body.response.item_size).not.toBe(80);
  });

  it('refuses options out of their range or unknown, and forgets a stored option no longer valid', async () => {
    const user = await buildUser(t.ctx);
    const as = await signedIn(t.baseUrl, user);
    for (const body of [
      { item_size: 101 },
      { item_size: -1 },
      { view: 'tiles' },
      { sort: 'size' },
      { sort_ascending: 'yes' },
      { filter: { colour: 'red' } },
      { zoom: 2 },
    ]) {
      const answer = await as.patch('/users/me/assets_view_options', body);
      expect({ body, status: answer.status }).toEqual({ body, status: 422 });
    }
    await t.ctx.db
      .updateTable('user_preferences')
      .set({ assets_view_options: JSON.stringify({ view: 'list', sort: 'gone', item_size: 70 }) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await as.get('/users/me/assets_view_options')).body.response).toMatchObject({
      view: 'list',
      sort: 'priority',
      item_size: 70,
    });
    expect((await new ApiClient(t.baseUrl).get('/users/me/assets_view_options')).status).toBe(401);
  });
});
