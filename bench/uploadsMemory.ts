import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildWorkspace, PRICES } from '../tests/api/factories';
import { startTestApp } from '../tests/api/harness';
import { buildProject } from '../tests/api/projectFactories';
import { megabytes, samplePeaks } from './processMemory';
import { writeTextFile } from './textFile';
import { uploadWithCurl } from './tusCurl';

/**
 * The server's peak memory while 6 uploads of 1 GiB run at once and, meanwhile, every corpus file
 * (the 280-megapixel JPEG and the Office documents included) is uploaded and previewed by the
 * jobs of the same process. Run: `npm run bench:uploads-memory` (BENCH_UPLOAD_MB, default 1024).
 */
const CORPUS = resolve(import.meta.dirname, '..', '..', 'shared', 'corpus');
const size = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * 1024 * 1024;

async function main(): Promise<void> {
  const t = await startTestApp();
  const scratch = mkdtempSync(join(t.dataDir, 'bench-'));
  try {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    const project = await buildProject(client, workspace.id);
    const target = { baseUrl: t.baseUrl, cookieHeader: client.cookieHeader, projectId: project.id };
    mkdirSync(join(scratch, 'large'));
    const large = Array.from({ length: 6 }, (_, i) => join(scratch, 'large', `large-${i + 1}.txt`));
    for (const path of large) await writeTextFile(path, size);
    mkdirSync(join(scratch, 'corpus'));
    const corpus = readdirSync(CORPUS, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'SOURCES.md')
      .map((entry) => {
        const copy = join(scratch, 'corpus', entry.name);
        copyFileSync(join(entry.parentPath, entry.name), copy);
        return copy;
      });
    execFileSync('sync');

    const idle = process.memoryUsage().rss;
    const sampling = samplePeaks();
    const started = performance.now();
    await Promise.all([uploadWithCurl(target, large, 6), uploadWithCurl(target, corpus, 1)]);
    const uploadedMs = performance.now() - started;
    await t.ctx.jobs.idle();
    const previewedMs = performance.now() - started;
    sampling.stop();

    console.log(
      `6 uploads of ${megabytes(size)} at once, and ${corpus.length} corpus files uploaded and previewed meanwhile`,
    );
    console.log(
      `uploads done in ${(uploadedMs / 1000).toFixed(1)} s, previews in ${(previewedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `server resident memory: ${megabytes(idle)} before, ${megabytes(sampling.peaks.server)} at the peak`,
    );
    console.log(
      `its converters (child processes) at their peak together: ${megabytes(sampling.peaks.children)}`,
    );
  } finally {
    await t.close();
  }
}

await main();
