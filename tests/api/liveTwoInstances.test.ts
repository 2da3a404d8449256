import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAsset } from './assetFactories';
import { buildComment } from './commentFactories';
import { startTestApp, type TestApp } from './harness';
import { LiveStream } from './liveClient';
import { buildProjectCast } from './projectCast';

const onPostgres = process.env.TEST_DB === 'postgres';

/** Two app instances on one PostgreSQL database, their buses joined by LISTEN/NOTIFY. */
describe.skipIf(!onPostgres)('the live stream across two app instances', () => {
  let a: TestApp;
  let b: TestApp;
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    const secret = randomBytes(32).toString('hex');
    a = await startTestApp({ SESSION_SECRET: secret, EVENT_BUS: 'postgres' });
    b = await startTestApp({ SESSION_SECRET: secret, EVENT_BUS: 'postgres' }, { reuse: a });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await b?.close({ keepData: true });
    await a?.close();
  });

  it('brings a comment committed on one instance to a stream held by the other', async () => {
    const cast = await buildProjectCast(a.baseUrl, a.ctx);
    const asset = await buildAsset(cast.owner.client, cast.project.id);
    const onB = await LiveStream.open(b.baseUrl, { client: cast.viewer.client });
    const onA = await LiveStream.open(a.baseUrl, { client: cast.viewer.client });
    streams.push(onA, onB);
    expect(onB.status).toBe(200);
    const comment = await buildComment(cast.collaborator.client, asset.id, { text: 'From instance A.' });
    const there = await onB.next('comment.created', (m) => m.data.object_id === comment.id);
    const here = await onA.next('comment.created', (m) => m.data.object_id === comment.id);
    expect(there.data).toEqual(here.data);
    // The notification the subscriber made on A travels by its event's id.
    await onB.next('notification.created');
  });

  it('closes on the other instance the stream of a member removed on this one, and carries presence', async () => {
    const cast = await buildProjectCast(a.baseUrl, a.ctx);
    const asset = await buildAsset(cast.owner.client, cast.project.id);
    const removed = await LiveStream.open(b.baseUrl, { client: cast.collaborator.client });
    const watching = await LiveStream.open(b.baseUrl, { client: cast.viewer.client });
    streams.push(removed, watching);
    // Presence kept on A is told on B.
    expect((await cast.owner.client.put(`/assets/${asset.id}/viewers`)).status).toBe(200);
    const change = await watching.next('asset.viewers_changed');
    expect(change.data.data.viewers.map((v: { id: number }) => v.id)).toEqual([cast.owner.user.id]);

    const answer = await cast.owner.client.delete(
      `/projects/${cast.project.id}/members/${cast.collaborator.memberId}`,
    );
    expect(answer.status).toBe(200);
    await removed.closedByServer();
    expect(removed.messages.map((m) => m.event).slice(-2)).toEqual(['member.removed', 'access.revoked']);
  });
});
