import { createReadStream, linkSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload } from '@aws-sdk/lib-storage';
import { s3Client } from '@server/adapters/storage/s3Storage';
import { Cluster } from '../tests/scaled/cluster';
import { s3Config, startS3Server } from '../tests/storage/s3Server';
import { megabytes } from './processMemory';
import { seedOwner } from './scaledOwner';
import { median, writeTextFile } from './textFile';
import { uploadWithCurl } from './tusCurl';

/**
 * A tus upload straight into S3 through the app, against the SDK's own multipart upload of the
 * same file to the same server in the same run; then the app's peak memory while 6 such uploads
 * run at once. The app is a real `server/main.ts` process (WORKER=false) over PostgreSQL and a
 * Ceph RADOS Gateway bucket; curl is its client, as a browser would be, in processes of its own.
 *
 *   npm run bench:s3-upload   (BENCH_UPLOAD_MB, default 1024; BENCH_RUNS, default 3)
 */
const size = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * 1024 * 1024;
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** The SDK's usual settings for a large file: 16 MiB parts, 4 in flight. */
const SDK_PART_BYTES = 16 * 1024 * 1024;
const SDK_QUEUE = 4;

/** Resident memory of a process, now, in bytes (from /proc). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const mbps = (seconds: number, bytes = size) => `${(bytes / 1024 / 1024 / seconds).toFixed(0)} MB/s`;

// Six uploads of 1 GiB are in the bucket at once, and its OSD keeps its data in memory.
process.env.S3_MEMSTORE_BYTES ??= String(Math.max(8, Math.ceil((8 * size) / 1024 ** 3) + 2) * 1024 ** 3);
const s3 = await startS3Server();
const cluster = await Cluster.create(s3);
const scratch = mkdtempSync(join(tmpdir(), 'bench-s3-upload-'));
try {
  const [app] = await cluster.startApps(1);
  // Paid: seven uploads of 1 GiB outgrow the free trial's 5 GB.
  const { client, projectId } = await seedOwner(app!.baseUrl, { paid: true });
  const target = { baseUrl: app!.baseUrl, cookieHeader: client.cookieHeader, projectId };
  const source = join(scratch, 'source.txt');
  await writeTextFile(source, size);
  /** The same bytes under another name (names are unique in a project). */
  let named = 0;
  const another = () => {
    const path = join(scratch, `upload-${++named}.txt`);
    linkSync(source, path);
    return path;
  };
  const sdk = s3Client(s3Config(s3, cluster.bucket), s3.endpoint);

  const sdkSeconds: number[] = [];
  const appSeconds: number[] = [];
  for (let run = 0; run < runs; run++) {
    let started = performance.now();
    await new Upload({
      client: sdk,
      params: { Bucket: cluster.bucket, Key: `bench/sdk-${run}`, Body: createReadStream(source) },
      partSize: SDK_PART_BYTES,
      queueSize: SDK_QUEUE,
    }).done();
    sdkSeconds.push((performance.now() - started) / 1000);
    await cluster.storage.delete(`bench/sdk-${run}`);

    started = performance.now();
    await uploadWithCurl(target, [another()], 1);
    appSeconds.push((performance.now() - started) / 1000);
    await removeOriginals();
  }
  if (runs > 0) report(sdkSeconds, appSeconds);

  const idle = residentBytes(app!.pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(app!.pid))), 100);
  const started = performance.now();
  try {
    await uploadWithCurl(target, Array.from({ length: 6 }, another), 6);
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Six uploads of ${megabytes(size)} at once: ${seconds.toFixed(1)} s (${mbps(seconds, 6 * size)} in all)`,
  );
  console.log(`  the app's resident memory: ${megabytes(idle)} before, ${megabytes(peak)} at the peak`);
} catch (error) {
  console.error(cluster.report());
  throw error;
} finally {
  await cluster.stop();
  await s3.stop();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(0);

function report(sdkSeconds: number[], appSeconds: number[]): void {
  const sdkMedian = median(sdkSeconds);
  const appMedian = median(appSeconds);
  console.log(`One upload of ${megabytes(size)} into the bucket, median of ${runs}:`);
  console.log(
    `  the SDK's multipart upload (16 MiB parts, 4 at once): ${sdkMedian.toFixed(1)} s (${mbps(sdkMedian)})`,
  );
  console.log(
    `  tus through the app (curl, one PATCH):                ${appMedian.toFixed(1)} s (${mbps(appMedian)})`,
  );
  console.log(`  the app against the SDK: ${(sdkMedian / appMedian).toFixed(2)}× its throughput`);
}

/** The originals stored so far go (their rows stay, unread), so the bucket's memory holds one run at a time. */
async function removeOriginals(): Promise<void> {
  const rounds = await cluster.db.selectFrom('asset_versions').select('original_key').execute();
  await cluster.storage.deleteMany(rounds.map((round) => round.original_key));
}
