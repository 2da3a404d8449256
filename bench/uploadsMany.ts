import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeTextFile } from './textFile';
import { uploadWithCurl } from './tusCurl';
import { withUploadTarget } from './uploadTarget';

/**
 * A shoot's worth of files through the tus endpoint, 6 at once as the Upload Box sends them, each
 * to its asset; beside `cp` of the same files on the same disk, in the same run.
 * Run: `npm run bench:uploads-many` (BENCH_FILES, default 300; BENCH_FILE_MB, default 10).
 */
const count = Number(process.env.BENCH_FILES ?? 300);
const bytes = Number(process.env.BENCH_FILE_MB ?? 10) * 1_000_000;

await withUploadTarget(async (target, scratch) => {
  const sources = join(scratch, 'shoot');
  mkdirSync(sources);
  const names = Array.from({ length: count }, (_, i) => `frame-${String(i + 1).padStart(4, '0')}.txt`);
  for (const name of names) await writeTextFile(join(sources, name), bytes);
  execFileSync('sync');

  const copied = performance.now();
  execFileSync('cp', ['-r', sources, join(scratch, 'copy')]);
  execFileSync('sync');
  const cpMs = performance.now() - copied;

  const started = performance.now();
  await uploadWithCurl(
    target,
    names.map((name) => join(sources, name)),
    6,
  );
  execFileSync('sync');
  const tusMs = performance.now() - started;

  const perSecond = (ms: number) => ((count / ms) * 1000).toFixed(1);
  console.log(`${count} files of ${bytes / 1_000_000} MB, 6 uploads at once`);
  console.log(`cp -r: ${cpMs.toFixed(0)} ms, ${perSecond(cpMs)} files/s`);
  console.log(
    `tus:   ${tusMs.toFixed(0)} ms, ${perSecond(tusMs)} files/s (${((count * bytes) / 1048576 / (tusMs / 1000)).toFixed(0)} MiB/s)`,
  );
  console.log(`ratio tus / cp: ${(cpMs / tusMs).toFixed(2)}`);
});
