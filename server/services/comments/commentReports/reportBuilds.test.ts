import { afterEach, describe, expect, it } from 'vitest';
import { COMMENT_EXPORT_TEXTS } from '@common/api/commentCarryOver';
import { AppError } from '../../../errors';
import { Writable } from 'node:stream';
import { ReportBuilds, type ReportBuildLimits, type ReportLoaders } from './reportBuilds';
import type { ReportJob } from './reportMessages';
import type { ReportAssetRows } from './reportRounds';

const job = (format: 'csv' | 'pdf' = 'csv'): ReportJob => ({
  format,
  title: 'Campaign: Poster comments',
  projectCover: false,
  outline: {
    projectName: 'Campaign',
    fileBase: 'Poster comments',
    assetsLeftOut: 0,
    generatedAt: '2026-11-28T10:00:00.000Z',
    assets: [{ id: 7, name: 'Poster.png', rounds: [{ number: 1, comments: 1 }] }],
  },
});

const rows: ReportAssetRows = {
  id: 7,
  name: 'Poster.png',
  previews: [{ number: 1, preview: null }],
  rows: [
    {
      id: 1,
      parent_id: null,
      markup_number: 1,
      page: null,
      author_name: 'Ada',
      created_at: '2026-11-28T09:00:00.000Z',
      completed_at: null,
      text: 'Warm the sky',
      markup: JSON.stringify([
        {
          points: [
            { x: 0.1, y: 0.1 },
            { x: 0.5, y: 0.5 },
          ],
          stroke_color: '#FF0000',
          stroke_size: 2,
          is_relative: true,
        },
      ]),
      round_number: 1,
    } as unknown as ReportAssetRows['rows'][number],
  ],
};

/** Loaders whose asset answer waits until `release` is called: a build under way. */
function heldLoaders() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const loaders: ReportLoaders = {
    asset: async () => (await released, rows),
    preview: () => Promise.resolve(null),
  };
  return { loaders, release };
}

const readAll = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const limits = (over: Partial<ReportBuildLimits>): ReportBuildLimits => ({
  running: 2,
  runningPerUser: 2,
  perUser: 4,
  clientStallMs: 60_000,
  ...over,
});

let builds: ReportBuilds;
afterEach(() => builds?.close());

// Each test starts real worker threads (about 0.3 s each to load the report code, more on a busy machine).
describe('reports built on worker threads', { timeout: 30_000 }, () => {
  it('builds a CSV and a PDF on a worker, from the rows the server reads', async () => {
    builds = new ReportBuilds(limits({ running: 2, runningPerUser: 2, perUser: 4 }));
    const loaders: ReportLoaders = {
      asset: () => Promise.resolve(rows),
      preview: () => Promise.resolve(null),
    };
    const csv = (await readAll(builds.build(1, job('csv'), loaders))).toString();
    expect(csv).toContain('Poster.png,1,,1,1,Ada,2026-11-28T09:00:00.000Z,open,,Warm the sky,\r\n');
    const pdf = await readAll(builds.build(1, job('pdf'), loaders));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  });

  it('keeps a worker loaded after a whole report for the next one, which draws only its own rows', async () => {
    builds = new ReportBuilds(limits({ running: 2, runningPerUser: 2, perUser: 4 }));
    const loaders = (text: string): ReportLoaders => ({
      asset: () => Promise.resolve({ ...rows, rows: [{ ...rows.rows[0]!, text }] }),
      preview: () => Promise.resolve(null),
    });
    expect(builds.warmWorkers).toBe(0);
    expect((await readAll(builds.build(1, job(), loaders('First')))).toString()).toContain('First');
    expect(builds.warmWorkers).toBe(1);
    const second = (await readAll(builds.build(2, job('pdf'), loaders('Second')))).toString('latin1');
    expect(second.startsWith('%PDF-')).toBe(true);
    const third = (await readAll(builds.build(1, job(), loaders('Third')))).toString();
    expect(third).toContain('Third');
    expect(third).not.toMatch(/First|Second/);
    expect(builds.warmWorkers).toBe(1);
    // A worker whose report failed is not kept.
    const failing = builds.build(1, job(), {
      asset: () => Promise.reject(new Error('database gone')),
      preview: () => Promise.resolve(null),
    });
    await expect(readAll(failing)).rejects.toThrow('database gone');
    expect(builds.warmWorkers).toBe(0);
  });

  it('refuses a user’s export past their allowance with 429, and takes it again once one is done', async () => {
    builds = new ReportBuilds(limits({ running: 3, runningPerUser: 2, perUser: 3 }));
    const held = heldLoaders();
    const streams = [1, 2, 3].map(() => builds.build(1, job(), held.loaders));
    const refusal = (() => {
      try {
        builds.build(1, job(), held.loaders);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 429, code: 'rate_limited', message: COMMENT_EXPORT_TEXTS.busy });
    // Another user is not held up by the first one's allowance.
    const other = builds.build(2, job(), {
      asset: () => Promise.resolve(rows),
      preview: () => Promise.resolve(null),
    });
    expect((await readAll(other)).toString()).toContain('Warm the sky');
    held.release();
    const files = await Promise.all(streams.map(readAll));
    for (const file of files) expect(file.toString()).toContain('Warm the sky');
    expect((await readAll(builds.build(1, job(), held.loaders))).toString()).toContain('Warm the sky');
  });

  it('draws at most two of a user’s reports at once; the third waits its turn', async () => {
    builds = new ReportBuilds(limits({ running: 4, runningPerUser: 2, perUser: 4 }));
    const asked: number[] = [];
    const releases: (() => void)[] = [];
    const loaders = (n: number): ReportLoaders => ({
      asset: () => {
        asked.push(n);
        return new Promise((resolve) => releases.push(() => resolve(rows)));
      },
      preview: () => Promise.resolve(null),
    });
    const streams = [1, 2, 3].map((n) => builds.build(1, job(), loaders(n)));
    const reading = streams.map(readAll);
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).toHaveLength(2);
    releases.shift()!();
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(3);
    releases.forEach((release) => release());
    await Promise.all(reading);
  });

  it('stops the worker and frees the place when the download is dropped', async () => {
    builds = new ReportBuilds(limits({ running: 1, runningPerUser: 1, perUser: 2 }));
    const held = heldLoaders();
    const dropped = builds.build(1, job(), held.loaders);
    dropped.resume();
    const waiting = builds.build(1, job(), {
      asset: () => Promise.resolve(rows),
      preview: () => Promise.resolve(null),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    dropped.destroy();
    expect((await readAll(waiting)).toString()).toContain('Warm the sky');
  });

  it('ends the download with an error when the server cannot read what the report needs', async () => {
    builds = new ReportBuilds(limits({ running: 1, runningPerUser: 1, perUser: 1 }));
    const failing = builds.build(1, job('pdf'), {
      asset: () => Promise.reject(new Error('database gone')),
      preview: () => Promise.resolve(null),
    });
    await expect(readAll(failing)).rejects.toThrow('database gone');
    // The place is free again.
    const next = builds.build(1, job(), {
      asset: () => Promise.resolve(rows),
      preview: () => Promise.resolve(null),
    });
    expect((await readAll(next)).toString()).toContain('Warm the sky');
  });

  it('stops a build whose download takes nothing for too long, and frees its place', async () => {
    builds = new ReportBuilds(limits({ running: 1, runningPerUser: 1, perUser: 2, clientStallMs: 300 }));
    const long = {
      ...rows,
      rows: Array.from({ length: 3000 }, (_, i) => ({ ...rows.rows[0]!, id: i + 1, text: 'x'.repeat(100) })),
    };
    const loaders: ReportLoaders = {
      asset: () => Promise.resolve(long),
      preview: () => Promise.resolve(null),
    };
    // Ten assets of 330 KB each: many batches, of which a client that takes nothing gets two.
    const many = job();
    many.outline.assets = Array.from({ length: 10 }, () => many.outline.assets[0]!);
    const stalled = builds.build(1, many, loaders);
    const failed = new Promise<Error>((resolve) => stalled.on('error', resolve));
    // A client that never takes what it was sent.
    stalled.pipe(new Writable({ write: () => undefined }));
    expect((await failed).message).toBe('The download took nothing for too long.');
    expect((await readAll(builds.build(1, many, loaders))).length).toBeGreaterThan(3_000_000);
  }, 20_000);
});
