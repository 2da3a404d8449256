import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS } from '@server/services/assets/orphanSweep';
import { FaultProxy } from '../faults/faultProxy';
import { buildAsset } from './assetFactories';
import { CARDS, invoicesOf, sandboxChargeCount, useStorage } from './billingHelpers';
import { postComment } from './commentFactories';
import { BILLING_INFORMATION, PRICES, buildWorkspace, sandboxCard } from './factories';
import {
  POSTGRES_URL,
  startTestApp,
  testS3Server,
  type ApiClient,
  type ApiResponse,
  type TestApp,
} from './harness';
import { TINY_PNG } from './images';
import { buildProject } from './projectFactories';
import { TusClient } from './tus';
import { waitFor } from '../queue/waitFor';

/** The 5 s the issue names: the database or the bucket refuses every connection for that long. */
const WINDOW_MS = 5000;
const UNAVAILABLE = {
  code: 'service_unavailable',
  message: 'Oops, something went wrong! Please try again later.',
};

/** A refusal while the database or the store is away: a 503 in the API's envelope, never a 500 or a page. */
function expectUnavailable(answer: ApiResponse<any>) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('content-type')).toMatch(/application\/json/);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.body.response.error).toMatchObject(UNAVAILABLE);
}

/**
 * Faults, nothing lost (PostgreSQL run: the scaled-out column): an app whose database and bucket
 * are behind fault proxies of our own. Each case ends with every row counted once and no file left
 * that no row names.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('faults', () => {
  let pg: FaultProxy;
  let s3: FaultProxy;
  let t: TestApp;
  let client: ApiClient;
  let workspace: { id: number };
  let project: { id: number };

  beforeAll(async () => {
    const database = new URL(POSTGRES_URL);
    pg = await FaultProxy.start({ host: database.hostname, port: Number(database.port || 5432) });
    const store = new URL(testS3Server()!.endpoint);
    s3 = await FaultProxy.start({ host: store.hostname, port: Number(store.port) });
    database.port = String(pg.port);
    t = await startTestApp({ DATABASE_URL: database.toString(), S3_ENDPOINT: s3.url });
    ({ client, workspace } = await buildWorkspace(t.baseUrl, t.ctx));
    project = await buildProject(client, workspace.id);
  });
  afterAll(async () => {
    pg?.set({ kind: 'pass' });
    s3?.set({ kind: 'pass' });
    await t?.close();
    await pg?.close();
    await s3?.close();
  });

  /**
   * The sweep, its clock past the grace period of every file, removes what a fault left that no row
   * names (`orphans` of them), and every file a row names is still there.
   */
  async function expectNoOrphanLeft(orphans = 0) {
    const now = t.clock.now();
    t.clock.set(new Date(Date.now() + 2 * ORPHAN_GRACE_MS));
    expect(await t.ctx.orphanSweep.run()).toMatchObject({ removed: orphans });
    expect(await t.ctx.orphanSweep.run()).toMatchObject({ removed: 0 });
    t.clock.set(now);
    const rounds = await t.ctx.db
      .selectFrom('asset_versions')
      .select(['original_key', 'thumbnail_key', 'preview_key', 'low_res_key'])
      .execute();
    const named = rounds.flatMap((r) => [r.original_key, r.thumbnail_key, r.preview_key, r.low_res_key]);
    for (const key of named) if (key) expect(await t.ctx.storage.head(key), key).not.toBeNull();
  }

  it('the database refuses for 5 s while comments are posted and during a checkout: 503, then each once', async () => {
    const asset = await buildAsset(client, project.id);
    await t.ctx.jobs.idle();
    const checkout = {
      price_id: PRICES.teamMonthly,
      payment_method_id: await sandboxCard(client, CARDS.good),
      billing_information: BILLING_INFORMATION,
    };
    const chargesBefore = await sandboxChargeCount(t.ctx);
    const texts = ['First note', 'Second note', 'Third note'];

    const window = pg.refuseFor(WINDOW_MS);
    const during = await Promise.all(texts.map((text) => postComment(client, asset.id, { text })));
    const subscribing = await client.post(`/workspaces/${workspace.id}/subscribe`, checkout);
    for (const answer of [...during, subscribing]) expectUnavailable(answer);
    await window;

    // The same requests again, once the database is back: each done once.
    for (const text of texts) expect((await postComment(client, asset.id, { text })).status).toBe(201);
    expect((await client.post(`/workspaces/${workspace.id}/subscribe`, checkout)).status).toBe(200);

    const comments = await t.ctx.db
      .selectFrom('comments')
      .select('text')
      .where('asset_id', '=', asset.id)
      .execute();
    expect(comments.map((c) => c.text).sort()).toEqual([...texts].sort());
    const invoices = await invoicesOf(t.ctx, workspace.id);
    expect(invoices.map((i) => [i.detail, i.status])).toEqual([['Team Plan, monthly', 'paid']]);
    expect(await sandboxChargeCount(t.ctx)).toBe(chargesBefore + 1);
    await expectNoOrphanLeft();
  });

  it('the bucket refuses for 5 s during an upload and a preview: 503, the upload again works, the preview job retries and completes', async () => {
    const usedBefore = (await client.get(`/workspaces/${workspace.id}`)).body.response.storage_used_in_bytes;
    const upload = () => {
      const form = new FormData();
      form.set('project_id', String(project.id));
      form.set('file', new Blob([new Uint8Array(TINY_PNG)]), 'during-the-fault.png');
      return client.post('/assets', form);
    };
    const asset = await buildAsset(client, project.id, { name: 'preview-again.png' });
    await t.ctx.jobs.idle();
    const round = asset.current_version.id as number;
    const before = (await t.ctx.uow.read.assetVersions.findById(round))!;
    const previous = [before.thumbnail_key, before.preview_key, before.low_res_key].filter(Boolean);

    const window = s3.refuseFor(WINDOW_MS);
    expectUnavailable(await upload());
    // Its previews made again while the bucket is away: the job fails, and is tried again later.
    await t.ctx.uow.read.assetVersions.resetPreview(round, t.clock.now().toISOString());
    await t.ctx.queuePreview(round);
    await waitFor(async () => (await jobAttempts(round)) >= 1 || undefined);
    await window;

    expect((await upload()).status).toBe(201);
    t.clock.advance(60_000);
    const ready = await waitFor(async () => {
      const row = await t.ctx.uow.read.assetVersions.findById(round);
      return row?.preview_state === 'ready' ? row : undefined;
    });
    expect(ready.thumbnail_key).toMatch(/^renditions\//);
    const names = (await client.get(`/projects/${project.id}/assets`)).body.response.map((a: any) => a.name);
    expect(names.filter((n: string) => n === 'during-the-fault.png')).toHaveLength(1);
    const usedAfter = (await client.get(`/workspaces/${workspace.id}`)).body.response.storage_used_in_bytes;
    expect(usedAfter).toBe(usedBefore + 2 * TINY_PNG.length);
    // The renditions the round had before the test made them again (straight in the database, past
    // the service that would have removed them) are the orphans here: the sweep removes them.
    await expectNoOrphanLeft(previous.length);
  });

  it('fills the workspace storage exactly: the last byte fits, one more is refused with the spec message', async () => {
    const tus = new TusClient(t.baseUrl, client);
    const capacity = (await t.ctx.workspaceAccess.stateOf(workspace.id)).storageCapacity;
    await useStorage(t.ctx, workspace.id, capacity - TINY_PNG.length);
    const last = await tus.upload({ filename: 'last-bytes.png', project_id: project.id }, TINY_PNG);
    expect([last.created.status, last.finished?.status]).toEqual([201, 204]);
    const used = async () =>
      (await client.get(`/workspaces/${workspace.id}`)).body.response.storage_used_in_bytes as number;
    expect(await used()).toBe(capacity);
    const oneMore = await tus.create({ filename: 'one-byte-more.png', project_id: project.id }, 1);
    expect(oneMore.status).toBe(400);
    expect(oneMore.body.response.error).toMatchObject({
      code: 'invalid_workspace',
      message: 'Storage limit reached!',
    });
    expect(await used()).toBe(capacity);
    const names = (await client.get(`/projects/${project.id}/assets`)).body.response.map((a: any) => a.name);
    expect(names).toContain('last-bytes.png');
    expect(names).not.toContain('one-byte-more.png');
    await t.ctx.jobs.idle();
    await expectNoOrphanLeft();
  });

  /** Runs of the round's preview job that ended in a failure. */
  async function jobAttempts(round: number): Promise<number> {
    const rows = await t.ctx.db
      .selectFrom('jobs')
      .select(['state', 'last_error'])
      .where('name', '=', 'previews.make')
      .where('singleton_key', '=', String(round))
      .where('state', '!=', 'completed')
      .execute();
    return rows.filter((row) => row.last_error !== null).length;
  }
});
