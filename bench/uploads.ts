import { execFile, execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';
import { buildWorkspace, PRICES } from '../tests/api/factories';
import { startTestApp } from '../tests/api/harness';
import { buildProject } from '../tests/api/projectFactories';

/**
 * A large file through the tus endpoint over loopback (one creation, one streamed PATCH, the asset
 * made at the end), beside `cp` of the same file on the same disk, in the same run.
 * Run: `npm run bench:uploads` (BENCH_UPLOAD_MB, default 1024; BENCH_REPEATS, default 3).
 */
const megabytes = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);

async function writeTextFile(path: string, bytes: number): Promise<void> {
  const line = Buffer.from('Proofroom upload benchmark line of plain text, 64 bytes long...\n');
  const block = Buffer.concat(Array.from({ length: 16384 }, () => line)); // 1 MiB
  const blocks = Math.ceil(bytes / block.length);
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < blocks; i++) yield block;
      })(),
    ),
    createWriteStream(path),
  );
}

/** curl in its own process, awaited without blocking this one (the server runs here). */
async function curl(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('curl', args, { maxBuffer: 1024 * 1024 });
  return stdout;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  // No jobs in this process: the previews of the text files are not what is measured.
  const t = await startTestApp({ WORKER: 'false' });
  const scratch = mkdtempSync(join(t.dataDir, 'bench-'));
  try {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    const project = await buildProject(client, workspace.id);
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
      const created = await fetch(`${t.baseUrl}/api/v1/uploads`, {
        method: 'POST',
        headers: {
          'Tus-Resumable': '1.0.0',
          cookie: client.cookieHeader,
          'Upload-Length': String(size),
          'Upload-Metadata': `filename ${Buffer.from(`large-${r}.txt`).toString('base64')},project_id ${Buffer.from(String(project.id)).toString('base64')}`,
        },
      });
      if (created.status !== 201) throw new Error(`creation: ${created.status} ${await created.text()}`);
      // curl sends the bytes (a client in another process, as a browser is).
      const status = await curl([
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-X',
        'PATCH',
        '-H',
        'Tus-Resumable: 1.0.0',
        '-H',
        `Cookie: ${client.cookieHeader}`,
        '-H',
        'Upload-Offset: 0',
        '-H',
        'Content-Type: application/offset+octet-stream',
        '-H',
        'Expect:',
        '-T',
        source,
        `${t.baseUrl}${created.headers.get('location')}`,
      ]);
      if (status !== '204') throw new Error(`upload: ${status}`);
      execFileSync('sync');
      tusTimes.push(performance.now() - begin);
    }
    const tus = median(tusTimes);
    const cp = median(cpTimes);
    console.log(`file: ${megabytes} MiB of text, ${repeats} runs each, medians`);
    console.log(`cp:  ${cp.toFixed(0)} ms (${((size / 1048576 / cp) * 1000).toFixed(0)} MiB/s)`);
    console.log(`tus: ${tus.toFixed(0)} ms (${((size / 1048576 / tus) * 1000).toFixed(0)} MiB/s)`);
    console.log(`throughput ratio tus / cp: ${(cp / tus).toFixed(2)}`);
  } finally {
    await t.close();
  }
}

await main();
