import { execFileSync } from 'node:child_process';
import { linkSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { median, writeTextFile } from './textFile';
import { uploadWithCurl } from './tusCurl';
import { withUploadTarget } from './uploadTarget';

/**
 * A large file through the tus endpoint over loopback (one creation, one streamed PATCH, the asset
 * made at the end), beside `cp` of the same file on the same disk, in the same run.
 * Run: `npm run bench:uploads` (BENCH_UPLOAD_MB, default 1024; BENCH_REPEATS, default 3).
 */
const megabytes = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);

await withUploadTarget(async (target, scratch) => {
  const source = join(scratch, 'large.txt');
  await writeTextFile(source, megabytes * 1024 * 1024);
  const size = statSync(source).size;
  const tusTimes: number[] = [];
  const cpTimes: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const started = performance.now();
    execFileSync('cp', [source, join(scratch, `copy-${r}.txt`)]);
    execFileSync('sync');
    cpTimes.push(performance.now() - started);
    rmSync(join(scratch, `copy-${r}.txt`));

    const begin = performance.now();
    // Each run its own name (a hard link, no copy): a second asset of one name would be refused.
    const named = join(scratch, `large-${r}.txt`);
    linkSync(source, named);
    await uploadWithCurl(target, [named]);
    execFileSync('sync');
    tusTimes.push(performance.now() - begin);
  }
  const tus = median(tusTimes);
  const cp = median(cpTimes);
  console.log(`file: ${megabytes} MiB of text, ${repeats} runs each, medians`);
  console.log(`cp:  ${cp.toFixed(0)} ms (${((size / 1048576 / cp) * 1000).toFixed(0)} MiB/s)`);
  console.log(`tus: ${tus.toFixed(0)} ms (${((size / 1048576 / tus) * 1000).toFixed(0)} MiB/s)`);
  console.log(`throughput ratio tus / cp: ${(cp / tus).toFixed(2)}`);
});
