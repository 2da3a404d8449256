import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS } from '@server/services/assets/orphanSweep';
import { buildAsset } from './assetFactories';
import { buildWorkspace } from './factories';
import { startTestApp, type TestApp } from './harness';
import { buildProject } from './projectFactories';

const hex = () => randomBytes(16).toString('hex');

/** Every stored key, with when it was written. */
async function stored(t: TestApp): Promise<Map<string, number>> {
  const keys = new Map<string, number>();
  for await (const entry of t.ctx.storage.list('')) keys.set(entry.key, entry.modifiedAt.getTime());
  return keys;
}

/**
 * The orphan sweep (storage.sweep_orphans): on the local disk (SQLite run) and in a bucket
 * (PostgreSQL run), files no row names are removed once older than the grace period; what rows
 * name, what is young, an e-mailed zip before its link expires and a key of unknown kind are kept.
 */
describe('the orphan sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes only the old files no row names', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const project = await buildProject(client, workspace.id);
    await buildAsset(client, project.id);
    await t.ctx.jobs.idle();
    const referenced = [...(await stored(t)).keys()];
    expect(referenced.some((key) => key.startsWith('originals/'))).toBe(true);
    expect(referenced.some((key) => key.startsWith('renditions/'))).toBe(true);

    const put = (key: string) => t.ctx.storage.put(key, Buffer.from('left behind'), 'text/plain');
    const rendition = `renditions/${hex()}`;
    const oldOrphans = [
      `originals/${hex()}`,
      `${rendition}/thumbnail`,
      `${rendition}/tiles/0/0_0.jpeg`,
      `projects/${project.id}/comments/${randomUUID()}`,
      `projects/${project.id}/cover-${randomUUID()}.jpeg`,
      `workspaces/${workspace.id}/logo-${randomUUID()}.png`,
      `avatars/1/${randomUUID()}.png`,
      hex(),
      `${hex()}.info`,
    ];
    const kept = [`downloads/${hex()}.zip`, `backups/${hex()}`];
    for (const key of [...oldOrphans, ...kept]) await put(key);
    const before = await stored(t);
    const lastOld = Math.max(...[...oldOrphans, ...referenced].map((key) => before.get(key)!));
    // A fresh orphan: written after the others, in the store's own time (a second's resolution on S3).
    const fresh = `originals/${hex()}`;
    let freshAt = 0;
    while (freshAt <= lastOld) {
      await put(fresh);
      freshAt = (await stored(t)).get(fresh)!;
      if (freshAt <= lastOld) await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // The sweep's clock: the fresh orphan exactly the grace period old (not older, so kept), every
    // other file past it, the last of them by as little as a millisecond.
    t.clock.set(new Date(freshAt + ORPHAN_GRACE_MS));
    const result = await t.ctx.orphanSweep.run();

    const after = await stored(t);
    expect(result).toEqual({ checked: before.size + 1, removed: oldOrphans.length });
    expect([...after.keys()].sort()).toEqual([...referenced, ...kept, fresh].sort());
    // Past the grace period the fresh one goes too; nothing named ever does.
    t.clock.set(new Date(freshAt + ORPHAN_GRACE_MS + 1));
    expect(await t.ctx.orphanSweep.run()).toMatchObject({ removed: 1 });
    expect([...(await stored(t)).keys()].sort()).toEqual([...referenced, ...kept].sort());
  });
});
