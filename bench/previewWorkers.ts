import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cluster } from '../tests/scaled/cluster';
import { startS3Server } from '../tests/storage/s3Server';
import { seedOwner } from './scaledOwner';

/**
 * Preview throughput on the scaled-out setup: one app process and one, then two, `npm run worker`
 * processes over PostgreSQL and a Ceph RADOS Gateway bucket; the same files are uploaded at once
 * and timed until every round's preview is ready. Each worker runs BENCH_JOB_CONCURRENCY jobs at
 * once (4 by default, the setting's default).
 *
 *   npm run bench:preview-workers
 */
const CORPUS = '/work/shared/corpus';
const FILES = [
  'jpeg/cmyk_swop-profile_500x333.jpg',
  'jpeg/exif-orientation-6_landscape.jpg',
  'jpeg/exif-orientation-6_portrait.jpg',
  'png/16bit-grey-alpha_109x96.png',
  'tiff/cielab-dagams_16bit_lab.tiff',
  'tiff/G31D_MULTI_2pages_fax.tif',
  'psd/layer_effects_800x640_13layers.psd',
  'psd/cmyk-spot_640x637.psd',
  'gif/rotating-squares_30frames.gif',
  'raw/dng_lg-h815_complete_600x338.dng',
  'pdf/two_column_6pages.pdf',
  'pdf/word-mac_quartz_2pages.pdf',
];
const COPIES = Number(process.env.BENCH_COPIES ?? 3);
/** Jobs each worker runs at once (JOB_CONCURRENCY). */
const CONCURRENCY = Number(process.env.BENCH_JOB_CONCURRENCY ?? 4);

async function measure(workers: number): Promise<number> {
  const s3 = await startS3Server();
  const cluster = await Cluster.create(s3);
  try {
    const [app] = await cluster.startApps(1);
    const { client: at, projectId } = await seedOwner(app!.baseUrl);
    for (let i = 0; i < workers; i++) cluster.startWorker({ JOB_CONCURRENCY: String(CONCURRENCY) });
    const started = performance.now();
    await Promise.all(
      Array.from({ length: COPIES }).flatMap((_, copy) =>
        FILES.map(async (file) => {
          const form = new FormData();
          form.set('project_id', String(projectId));
          form.set(
            'file',
            new Blob([new Uint8Array(readFileSync(join(CORPUS, file)))]),
            `${copy}-${file.split('/')[1]}`,
          );
          const answer = await at.post('/assets', form);
          if (answer.status !== 201) throw new Error(`upload ${file}: ${answer.status}`);
        }),
      ),
    );
    for (;;) {
      const waiting = await cluster.db
        .selectFrom('asset_versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('preview_state', '=', 'processing')
        .executeTakeFirstOrThrow();
      if (Number(waiting.n) === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return (performance.now() - started) / 1000;
  } finally {
    await cluster.stop();
    await s3.stop();
  }
}

console.log(
  `Previews of ${FILES.length * COPIES} files (${FILES.length} formats × ${COPIES}) on PostgreSQL + S3, ${CONCURRENCY} jobs at once per worker:`,
);
const one = await measure(1);
console.log(`  one worker:  ${one.toFixed(1)} s  (${((FILES.length * COPIES) / one).toFixed(2)} previews/s)`);
const two = await measure(2);
console.log(`  two workers: ${two.toFixed(1)} s  (${((FILES.length * COPIES) / two).toFixed(2)} previews/s)`);
console.log(`  two against one: ${(one / two).toFixed(2)}× the throughput`);
process.exit(0);
