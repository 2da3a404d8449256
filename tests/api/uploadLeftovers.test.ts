import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPrefix, thisProcess, type ProcessIdentity } from '@server/processIdentity';
import type { TestApp } from './harness';
import type { TusClient } from './tus';
import {
  isStored,
  startUploadApp,
  storeRecordWithoutRow,
  uploadIdOf,
  uploadsWithLeftovers,
} from './uploadPlaces';

const JPEG = readFileSync(join(__dirname, '../../../shared/corpus/jpeg/exif-orientation-6_portrait.jpg'));
const MINUTE = 60_000;

/** A process of this machine that runs until killed. */
function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1e9)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { pid: child.pid!, kill: async () => (child.kill('SIGKILL'), await exited) };
}

/**
 * What a crashed process or an ended upload leaves in the uploads folder (issue 22 #6): scratch
 * folders of previews and pages, tus records and partial files. The sweep (at start and every ten
 * minutes) removes what no live work owns, and never what a live process or a running upload does.
 */
describe('leftovers in the uploads folder', () => {
  let t: TestApp;
  let tus: TusClient;
  let project: { id: number };
  let dir: string;

  beforeAll(async () => {
    ({ t, tus, project } = await startUploadApp());
    dir = join(t.dataDir, 'uploads');
    // Stored files carry the real time: the app's clock starts there.
    t.clock.set(new Date());
  });
  afterAll(() => t.close());

  it('keeps no tus record of an empty upload that was refused', async () => {
    const created = await tus.create({ filename: 'empty.jpg', project_id: project.id }, 0);
    expect(created.status).toBe(422);
    expect(created.body.response.error.code).toBe('invalid_content');
    const [upload] = await t.ctx.db
      .selectFrom('asset_uploads')
      .select('id')
      .where('file_name', '=', 'empty.jpg')
      .execute();
    expect(await isStored(t, upload!.id)).toBe(false);
  });

  it('removes what ended uploads and uploads without a row left once quiet, and keeps running ones', async () => {
    const open = async (filename: string) => {
      const created = await tus.create({ filename, project_id: project.id }, JPEG.length);
      const location = created.headers.get('location')!;
      expect((await tus.patch(location, 0, JPEG.subarray(0, 5000))).status).toBe(204);
      return uploadIdOf(location);
    };
    const running = await open('running.jpg');
    const ended = await open('ended.jpg');
    // The process stopped between ending the upload and removing what it left.
    await t.ctx.db.updateTable('asset_uploads').set({ status: 'failed' }).where('id', '=', ended).execute();
    const orphan = 'ab'.repeat(16);
    await storeRecordWithoutRow(t, orphan);
    expect(
      (await uploadsWithLeftovers(t)).filter((id) => [running, ended, orphan].includes(id)),
    ).toHaveLength(3);

    // Young: a row may be on its way, a request may still be writing.
    expect(await t.ctx.uploadSweep.sweepLeftovers()).toEqual({ scratch: 0, uploads: 0 });
    t.clock.advance(20 * MINUTE);
    expect(await t.ctx.uploadSweep.sweepLeftovers()).toEqual({ scratch: 0, uploads: 2 });
    expect(await isStored(t, ended)).toBe(false);
    expect(await isStored(t, orphan)).toBe(false);
    expect(await isStored(t, running)).toBe(true);
    expect(await uploadsWithLeftovers(t)).toContain(running);
  });

  it('removes the scratch folders of dead processes of this machine only', async () => {
    const dead = sleeper();
    const alive = sleeper();
    await dead.kill();
    try {
      const folder = (identity: ProcessIdentity) => {
        const path = join(dir, `${scratchPrefix('preview', identity)}a1b2c3`);
        mkdirSync(path, { recursive: true });
        writeFileSync(join(path, 'tile.webp'), Buffer.alloc(1000));
        return path;
      };
      const crashed = folder({ ...thisProcess, pid: dead.pid, instance: 'aaaaaaaaaaaa' });
      // An earlier run that had this very pid.
      const earlierRun = folder({ ...thisProcess, instance: 'bbbbbbbbbbbb' });
      const live = folder({ ...thisProcess, pid: alive.pid, instance: 'cccccccccccc' });
      const own = folder(thisProcess);
      const otherMachine = folder({ space: 'dddddddddddd', pid: dead.pid, instance: 'eeeeeeeeeeee' });

      expect((await t.ctx.uploadSweep.sweepLeftovers()).scratch).toBe(2);
      expect(existsSync(crashed)).toBe(false);
      expect(existsSync(earlierRun)).toBe(false);
      expect(existsSync(live)).toBe(true);
      expect(existsSync(own)).toBe(true);
      expect(existsSync(otherMachine)).toBe(true);
    } finally {
      await alive.kill();
    }
  });
});
