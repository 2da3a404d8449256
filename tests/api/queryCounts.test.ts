import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/database';
import { buildAsset } from './assetFactories';
import { seedThreads } from './commentSeeds';
import { buildUser, buildWorkspace, PRICES } from './factories';
import { ApiClient, startTestApp, type ApiResponse, type Json, type TestApp } from './harness';
import { buildMember } from './memberFactories';
import { addProjectMember, buildProject, buildProjectMember } from './projectFactories';

/**
 * Calls on many things cost a fixed number of queries whatever the count: the access checks of the
 * bulk project calls, the shared-link view, and a workspace's state. The app runs on a database
 * that logs every statement it executes (the harness's `wrapDb`), on SQLite and on PostgreSQL.
 *
 * The statements of the domain events a call records (one insert for all of them in the
 * transaction, then the dispatcher's claim, the activity log subscriber's writes and the mark as
 * handled after commit) are counted apart, and must not grow with the count either.
 */
class QueryLog {
  private statements: string[] | null = null;

  /** The plugin the app's database runs every statement through (typed off Kysely's own signature). */
  plugin(base: Db): Parameters<Db['withPlugin']>[0] {
    return {
      transformQuery: (args) => {
        this.statements?.push(base.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
  }

  async during<T>(work: () => Promise<T>): Promise<{ answer: T; own: string[]; events: string[] }> {
    this.statements = [];
    try {
      const answer = await work();
      const logged = this.statements.filter((sql) => !BACKGROUND.test(sql));
      return {
        answer,
        own: logged.filter((sql) => !EVENTS.test(sql)),
        events: logged.filter((sql) => EVENTS.test(sql)),
      };
    } finally {
      this.statements = null;
    }
  }
}

/** The domain events' tables, and the subscriber's move of a project's last activity. */
const EVENTS = /"domain_events"|"activity_logs"|set "last_activity_at"/;
/** The job queue polls on its own timer, whatever the request does. */
const BACKGROUND = /"jobs"|"job_schedules"/;

const queries = new QueryLog();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { wrapDb: (db) => db.withPlugin(queries.plugin(db)) });
});
afterAll(async () => {
  await t.close();
});

const ok = (answer: ApiResponse<Json>) => {
  if (answer.status >= 300) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
};

/** `count` projects of the workspace, made through POST /projects by its owner. */
async function buildProjects(client: ApiClient, workspaceId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await buildProject(client, workspaceId)).id as number);
  return ids;
}

/** Runs the call on a few and on many ids and answers both measures. */
async function measure(few: number[], many: number[], call: (ids: number[]) => Promise<ApiResponse<Json>>) {
  const a = await queries.during(async () => ok(await call(few)));
  const b = await queries.during(async () => ok(await call(many)));
  return { few: a, many: b };
}

describe('calls on many projects', () => {
  const FEW = 2;
  const MANY = 40;
  let owner: ApiClient;
  let projects: number[];

  beforeAll(async () => {
    const built = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    owner = built.client;
    projects = await buildProjects(owner, built.workspace.id, FEW + MANY);
  });

  const split = () => ({ few: projects.slice(0, FEW), many: projects.slice(FEW, FEW + MANY) });

  it('archives 2 or 40 projects in the same number of queries, their events included', async () => {
    const { few, many } = split();
    const run = await measure(few, many, (ids) => owner.patch('/projects/mark_as_archived', { ids }));
    expect(run.many.own).toHaveLength(run.few.own.length);
    expect(run.few.own.length).toBeLessThanOrEqual(ARCHIVE_QUERIES);
    // One project.archived event per project, recorded and handled in the same statements.
    expect(run.many.events).toHaveLength(run.few.events.length);
    expect(run.few.events.length).toBeGreaterThan(0);
    const restored = await measure(few, many, (ids) => owner.patch('/projects/mark_as_active', { ids }));
    expect(restored.many.own).toHaveLength(restored.few.own.length);
  });

  it('hides 2 or 40 projects in the same number of queries', async () => {
    const { few, many } = split();
    const run = await measure(few, many, (ids) => owner.patch('/projects/mark_as_hidden', { ids }));
    expect(run.many.own).toHaveLength(run.few.own.length);
    expect(run.many.events).toHaveLength(0);
  });

  it('lets a member leave 2 or 40 projects in the same number of queries', async () => {
    const { few, many } = split();
    const leaver = await buildProjectMember(t.baseUrl, t.ctx, projects[0]!, 'collaborator');
    for (const id of projects.slice(1)) await addProjectMember(t.ctx, id, leaver.user.id, 'collaborator');
    const run = await measure(few, many, (ids) => leaver.client.post('/projects/leave', { ids }));
    expect(run.many.own).toHaveLength(run.few.own.length);
    expect(run.few.own.length).toBeLessThanOrEqual(LEAVE_QUERIES);
    expect(run.many.events).toHaveLength(run.few.events.length);
    expect(run.few.events.length).toBeGreaterThan(0);
  });

  it('refuses 2 or 40 projects in the same number of queries', async () => {
    const { few, many } = split();
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, projects[0]!, 'viewer');
    for (const id of projects.slice(1)) await addProjectMember(t.ctx, id, viewer.user.id, 'viewer');
    const archive = (ids: number[]) => viewer.client.patch('/projects/mark_as_archived', { ids });
    const a = await queries.during(() => archive(few));
    const b = await queries.during(() => archive(many));
    expect([a.answer.status, b.answer.status]).toEqual([403, 403]);
    expect(b.own).toHaveLength(a.own.length);
  });

  it('deletes 2 or 40 projects in the same number of queries', async () => {
    const { few, many } = split();
    const run = await measure(few, many, (ids) => owner.request('DELETE', '/projects', { ids }));
    expect(run.many.own).toHaveLength(run.few.own.length);
    expect(run.many.events).toHaveLength(run.few.events.length);
  });
});

describe('a shared link', () => {
  it('shows a project with 2 or 40 folders in the same number of queries', async () => {
    const built = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    const [few, many] = await buildProjects(built.client, built.workspace.id, 2);
    const hashes: string[] = [];
    for (const [project, folders] of [
      [few!, 2],
      [many!, 40],
    ] as const) {
      for (let i = 0; i < folders; i += 1)
        ok(await built.client.post(`/projects/${project}/folders`, { name: `Folder ${i}` }));
      hashes.push(ok(await built.client.post(`/projects/${project}/share`, {})).body.response.share_hash);
    }
    const anonymous = new ApiClient(t.baseUrl);
    const view = (hash: string) =>
      anonymous.get(`/projects/shared_view?share_hash=${encodeURIComponent(hash)}`);
    const a = await queries.during(async () => ok(await view(hashes[0]!)));
    const b = await queries.during(async () => ok(await view(hashes[1]!)));
    expect(a.answer.body.response.folders).toHaveLength(2);
    expect(b.answer.body.response.folders).toHaveLength(40);
    expect(b.own).toHaveLength(a.own.length);
    expect(a.own.length).toBeLessThanOrEqual(SHARED_VIEW_QUERIES);
  });
});

describe("a workspace's state", () => {
  it('is read with one query', async () => {
    const { owner, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    const run = await queries.during(() => t.ctx.workspaceAccess.forMember(workspace.id, owner.id));
    expect(run.own).toHaveLength(1);
    expect(run.answer.state.isActive).toBe(true);
    const state = await queries.during(() => t.ctx.workspaceAccess.stateOf(workspace.id));
    expect(state.own).toHaveLength(1);
  });

  it('is read with one query for all of a user’s workspaces', async () => {
    const user = await buildUser(t.ctx);
    const first = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    await buildMember(t.baseUrl, t.ctx, first.workspace.id, 'admin', user);
    const one = await queries.during(() => t.ctx.workspaceAccess.listForUser(user.id));
    for (let i = 0; i < 3; i += 1) {
      const other = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
      await buildMember(t.baseUrl, t.ctx, other.workspace.id, i === 0 ? 'collaborator' : 'limited', user);
    }
    const four = await queries.during(() => t.ctx.workspaceAccess.listForUser(user.id));
    expect(one.answer).toHaveLength(1);
    expect(four.answer).toHaveLength(4);
    expect(one.own).toHaveLength(1);
    expect(four.own).toHaveLength(1);
  });
});

describe('a page of comments', () => {
  it('is read in the same number of queries for 2 threads or 100 with their replies', async () => {
    const { owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, {
      priceId: PRICES.teamMonthly,
    });
    const project = await buildProject(client, workspace.id);
    const [few, many] = [await buildAsset(client, project.id), await buildAsset(client, project.id)];
    await seedThreads(t.ctx, few.id, owner.id, [{ replies: 1 }, {}]);
    await seedThreads(
      t.ctx,
      many.id,
      owner.id,
      Array.from({ length: 130 }, (_, i) => ({ replies: i % 3 })),
    );
    await t.ctx.jobs.idle(); // the uploads' previews are made by jobs, whose statements are not the call's
    const a = await queries.during(async () => ok(await client.get(`/assets/${few.id}/comments`)));
    const b = await queries.during(async () => ok(await client.get(`/assets/${many.id}/comments`)));
    expect(a.answer.body.response).toHaveLength(2);
    expect(b.answer.body.response).toHaveLength(100);
    expect(b.own).toHaveLength(a.own.length);
    expect(a.own.length).toBeLessThanOrEqual(COMMENT_PAGE_QUERIES);
  });
});

/**
 * The statements measured when these calls were batched, whatever the count: the session, the
 * projects with the caller's memberships and workspace owners, the one write; the shared view's
 * link, workspace, folders and the folders' asset counts (and, for folders holding images, one more
 * for all their previews).
 */
const ARCHIVE_QUERIES = 3;
const LEAVE_QUERIES = 3;
const SHARED_VIEW_QUERIES = 4;
/**
 * A page of an asset's comments: the asset, its project with the caller's membership, the count
 * and the page's root comments, their replies, their files, and the project's ranks (members,
 * workspace owner).
 */
const COMMENT_PAGE_QUERIES = 8;
