import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/database';
import { buildAsset, buildRound } from './assetFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

/**
 * The per-user 'new' marks of assets (projects-side §3, §4 'Seen') and the project fields that
 * sum them up for the project list: what someone else did since the user last looked.
 */
let statements: string[] | null = null;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      wrapDb: (db: Db) =>
        db.withPlugin({
          transformQuery: (args) => {
            statements?.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
            return args.node;
          },
          transformResult: (args) => Promise.resolve(args.result),
        }),
    },
  );
});
afterAll(() => t.close());

const MARKS = [
  'is_new_for_current_user',
  'has_rounds_unseen_by_current_user',
  'has_new_name_for_current_user',
  'has_new_label_for_current_user',
] as const;
/** The marks that are on, by name. */
const marksOf = async (client: ApiClient, asset: Json): Promise<string[]> => {
  const seen: Json = (await client.get(`/assets/${asset.id}`)).body.response;
  return MARKS.filter((mark) => seen[mark]);
};
const seeAsset = (client: ApiClient, asset: Json) => client.post(`/assets/${asset.id}/last_seen`);

describe('an asset’s marks for each user', () => {
  let cast: ProjectCast;
  beforeAll(async () => {
    cast = await buildProjectCast(t.baseUrl, t.ctx);
  });

  it('is new to others until they see it, never to its uploader', async () => {
    const asset = await buildAsset(cast.owner.client, cast.project.id);
    expect(await marksOf(cast.owner.client, asset)).toEqual([]);
    expect(await marksOf(cast.collaborator.client, asset)).toEqual(['is_new_for_current_user']);
    const seen = await seeAsset(cast.viewer.client, asset);
    expect(seen.status).toBe(200);
    expect(MARKS.filter((mark) => seen.body.response[mark])).toEqual([]);
    expect(seen.body.response).toMatchObject({ new_comments_count: 0, newly_approved_comments_count: 0 });
    // One user's sight is theirs alone.
    expect(await marksOf(cast.collaborator.client, asset)).toEqual(['is_new_for_current_user']);
  });

  it('shows a round, a name and a label someone else changed after the user’s last sight', async () => {
    const asset = await buildAsset(cast.owner.client, cast.project.id, { name: 'look.png' });
    await seeAsset(cast.collaborator.client, asset);
    t.clock.advance(1000);
    await buildRound(cast.owner.client, asset.id);
    expect(await marksOf(cast.collaborator.client, asset)).toEqual(['has_rounds_unseen_by_current_user']);
    // The uploader of the round did not see the asset after the upload, yet it is no news to them.
    expect(await marksOf(cast.owner.client, asset)).toEqual([]);

    await cast.owner.client.patch(`/assets/${asset.id}/update_filename`, { filename: 'look-2.png' });
    const label = (
      await cast.owner.client.post('/labels', {
        name: 'Pick',
        labellable_type: 'Project',
        labellable_id: cast.project.id,
      })
    ).body.response;
    await cast.owner.client.post('/assets/add_label', { assets_ids: [asset.id], label_id: label.id });
    expect(await marksOf(cast.collaborator.client, asset)).toEqual([
      'has_rounds_unseen_by_current_user',
      'has_new_name_for_current_user',
      'has_new_label_for_current_user',
    ]);
    t.clock.advance(1000);
    await seeAsset(cast.collaborator.client, asset);
    expect(await marksOf(cast.collaborator.client, asset)).toEqual([]);

    // The collaborator's own round is not news to them; it is to the owner, who saw the asset before.
    await seeAsset(cast.owner.client, asset);
    t.clock.advance(1000);
    await buildRound(cast.collaborator.client, asset.id);
    expect(await marksOf(cast.collaborator.client, asset)).toEqual([]);
    expect(await marksOf(cast.owner.client, asset)).toEqual(['has_rounds_unseen_by_current_user']);
  });

  it('presents a page of assets with their marks in the same queries for 2 as for 40', async () => {
    const rows = async (n: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i += 1) ids.push((await buildAsset(cast.owner.client, cast.project.id)).id);
      return t.ctx.db.selectFrom('assets').selectAll().where('id', 'in', ids).execute();
    };
    const [few, many] = [await rows(2), await rows(40)];
    await t.ctx.jobs.idle();
    const measure = async (assets: Awaited<ReturnType<typeof rows>>) => {
      statements = [];
      const presented = await t.ctx.assetPresenter.many(assets, cast.collaborator.user.id);
      // The job queue polls on its own timer, whatever the call does.
      const count = statements.filter((sql) => !/"jobs"|"job_schedules"/.test(sql)).length;
      statements = null;
      return { presented, count };
    };
    const a = await measure(few);
    const b = await measure(many);
    expect(b.presented).toHaveLength(40);
    expect(b.presented.every((x) => x.is_new_for_current_user)).toBe(true);
    // The rounds, the labels, the comment facts and the rounds' decisions: one query each, whatever the page.
    expect(a.count).toBe(4);
    expect(b.count).toBe(4);
  });
});

describe('the project’s asset fields for each user', () => {
  let cast: ProjectCast;
  beforeAll(async () => {
    cast = await buildProjectCast(t.baseUrl, t.ctx);
  });

  const projectFor = async (client: ApiClient): Promise<Json> =>
    (await client.get(`/projects/${cast.project.id}`)).body.response;
  const flags = async (client: ApiClient) => {
    const p = await projectFor(client);
    return {
      count: p.assets_count,
      new: p.has_new_assets,
      unseen: p.has_assets_unseen_by_current_user,
      flagged: p.has_newly_flagged_assets,
      approved: p.has_newly_approved_assets,
    };
  };
  const seeProject = (client: ApiClient) =>
    client.post(`/projects/${cast.project.id}/update_project_last_seen`);
  const none = { new: false, unseen: false, flagged: false, approved: false };

  it('counts the assets and tells what others added, flagged and approved since the user looked', async () => {
    expect(await flags(cast.collaborator.client)).toEqual({ count: 0, ...none });
    const a = await buildAsset(cast.owner.client, cast.project.id);
    const b = await buildAsset(cast.owner.client, cast.project.id);
    expect(await flags(cast.owner.client)).toEqual({ count: 2, ...none });
    expect(await flags(cast.collaborator.client)).toEqual({ count: 2, ...none, new: true, unseen: true });

    t.clock.advance(1000);
    await seeProject(cast.collaborator.client);
    // Seeing the project is not seeing each asset.
    expect(await flags(cast.collaborator.client)).toEqual({ count: 2, ...none, unseen: true });
    await seeAsset(cast.collaborator.client, a);
    await seeAsset(cast.collaborator.client, b);
    expect(await flags(cast.collaborator.client)).toEqual({ count: 2, ...none });

    t.clock.advance(1000);
    await cast.owner.client.post(`/assets/${a.id}/set_rush_priority`);
    await cast.owner.client.patch(`/projects/${cast.project.id}/assets/mark_as_approved`, { ids: [b.id] });
    expect(await flags(cast.collaborator.client)).toEqual({
      count: 2,
      ...none,
      flagged: true,
      approved: true,
    });
    expect(await flags(cast.owner.client)).toEqual({ count: 2, ...none });
    t.clock.advance(1000);
    await seeProject(cast.collaborator.client);
    expect(await flags(cast.collaborator.client)).toEqual({ count: 2, ...none });

    // An unflagged or unapproved asset is no news, whenever it changed.
    await cast.collaborator.client.post(`/assets/${a.id}/set_rush_priority`);
    t.clock.advance(1000);
    await cast.owner.client.post(`/assets/${a.id}/unset_rush_priority`);
    await cast.owner.client.patch(`/projects/${cast.project.id}/assets/unmark_as_approved`, { ids: [b.id] });
    expect(await flags(cast.collaborator.client)).toEqual({ count: 2, ...none });

    await cast.owner.client.request('DELETE', `/projects/${cast.project.id}/assets`, { ids: [a.id] });
    expect((await flags(cast.collaborator.client)).count).toBe(1);
  });

  it('answers the same facts in the project list', async () => {
    await buildAsset(cast.owner.client, cast.project.id);
    const listed = (await cast.viewer.client.get('/projects/active')).body.response.find(
      (p: Json) => p.id === cast.project.id,
    );
    const single = await projectFor(cast.viewer.client);
    expect(listed).toMatchObject({
      assets_count: single.assets_count,
      has_new_assets: true,
      has_assets_unseen_by_current_user: true,
    });
    // The list's 'new assets' filter asks the same question.
    const withNewAssets = async (client: ApiClient) =>
      (
        await client.get(
          `/projects/active?filters=${encodeURIComponent(JSON.stringify({ new_assets: true }))}`,
        )
      ).body.response.map((p: Json) => p.id);
    expect(await withNewAssets(cast.viewer.client)).toContain(cast.project.id);
    expect(await withNewAssets(cast.owner.client)).not.toContain(cast.project.id);
  });
});
