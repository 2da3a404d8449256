import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildWorkspace, PRICES } from '../tests/api/factories';
import { startTestApp, type TestApp } from '../tests/api/harness';
import { buildProject } from '../tests/api/projectFactories';
import { megabytes, samplePeaks } from './processMemory';
import { median } from './textFile';

/**
 * A project zip streamed by the app over loopback to `curl`, beside `zip -0 -r` of the same files
 * on the same disk, in the same run: both write to OUT (default /dev/null: `zip` then writes to
 * its standard output, streaming as the app does; `BENCH_ZIP_OUT=file` writes both to a file in
 * the data folder). Then the server's memory while 3 such zips stream at once.
 * Run: `npm run bench:zips` (BENCH_ZIP_FILES, default 200; BENCH_ZIP_MB, default 5; BENCH_REPEATS, default 3).
 */
const files = Number(process.env.BENCH_ZIP_FILES ?? 200);
const fileMb = Number(process.env.BENCH_ZIP_MB ?? 5);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const toFile = process.env.BENCH_ZIP_OUT === 'file';
const run = promisify(execFile);

/** Pictures written straight to the file store and the database, as uploads leave them. */
async function seedPictures(t: TestApp, projectId: number, uploaderId: number): Promise<string> {
  const repos = t.ctx.uow.read;
  const now = t.ctx.clock.now().toISOString();
  for (let i = 1; i <= files; i++) {
    const name = `frame-${String(i).padStart(4, '0')}.jpg`;
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(fileMb * 1048576 - 4)]);
    const key = `originals/bench/${name}`;
    await t.ctx.storage.put(key, bytes, 'image/jpeg');
    const asset = await repos.assets.create({
      projectId,
      folderId: null,
      name,
      kind: 'image',
      createdById: uploaderId,
      now,
    });
    const round = await repos.assetVersions.create({
      assetId: asset.id,
      projectId,
      number: 1,
      uploaderId,
      fileName: name,
      fileType: 'jpeg',
      sizeBytes: bytes.length,
      originalKey: key,
      now,
    });
    await repos.assets.setCurrentVersion(asset.id, round.id, now);
  }
  return join(t.dataDir, 'files', 'originals');
}

/** User plus system seconds from bash's `time` with TIMEFORMAT='%U %S' (its last line of stderr). */
function cpuSeconds(stderr: string): number {
  const [user = 0, system = 0] = stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return user + system;
}

async function main(): Promise<void> {
  const t = await startTestApp({ WORKER: 'false' });
  try {
    const { client, owner, workspace } = await buildWorkspace(t.baseUrl, t.ctx, {
      priceId: PRICES.teamMonthly,
    });
    const project = await buildProject(client, workspace.id);
    const originals = await seedPictures(t, project.id, owner.id);
    const out = (name: string) => (toFile ? join(t.dataDir, name) : '/dev/null');

    /**
     * The app's zip through curl: seconds to the first byte and in all, the bytes received, and
     * the CPU spent on it by the server (this process) and by curl.
     */
    const appZip = async (target: string) => {
      const answer = await client.post(`/projects/${project.id}/download`, {});
      const url = `${t.baseUrl}${answer.body.response.download_url}`;
      const cpu = process.cpuUsage();
      const curl = `curl -sS -o '${target}' -H 'cookie: ${client.cookieHeader}' -w '%{time_starttransfer} %{time_total} %{size_download}\n' '${url}'`;
      const { stdout, stderr } = await run('bash', ['-c', `TIMEFORMAT='%U %S'; time ${curl}`]);
      const used = process.cpuUsage(cpu);
      const [first = 0, total = 0, size = 0] = stdout.trim().split(' ').map(Number);
      return {
        firstByteMs: first * 1000,
        ms: total * 1000,
        bytes: size,
        cpuMs: (used.user + used.system) / 1000 + cpuSeconds(stderr) * 1000,
      };
    };
    /** Info-ZIP, stored, of the very files the app reads (their content-type files left out). */
    const zipTool = async (target: string) => {
      const started = performance.now();
      const zip = `zip -0 -q -r ${toFile ? `'${target}'` : '- '} bench -x '*.type' ${toFile ? '' : '> /dev/null'}`;
      const { stderr } = await run('bash', ['-c', `cd '${originals}' && TIMEFORMAT='%U %S'; time ${zip}`]);
      return { ms: performance.now() - started, cpuMs: cpuSeconds(stderr) * 1000 };
    };

    await appZip('/dev/null'); // warm: the files into the page cache, the routes compiled
    const app: Awaited<ReturnType<typeof appZip>>[] = [];
    const tool: Awaited<ReturnType<typeof zipTool>>[] = [];
    for (let r = 0; r < repeats; r++) {
      tool.push(await zipTool(out(`tool-${r}.zip`)));
      app.push(await appZip(out(`app-${r}.zip`)));
      if (toFile) for (const name of [`tool-${r}.zip`, `app-${r}.zip`]) rmSync(join(t.dataDir, name));
    }
    const appMs = median(app.map((a) => a.ms));
    const toolMs = median(tool.map((z) => z.ms));
    const total = files * fileMb;
    const rate = (ms: number) => `${((total / ms) * 1000).toFixed(0)} MiB/s`;
    console.log(
      `${files} pictures of ${fileMb} MiB (${total} MiB), into ${toFile ? 'a file on the same disk' : '/dev/null'}, medians of ${repeats}`,
    );
    console.log(`zip -0 -r: ${toolMs.toFixed(0)} ms (${rate(toolMs)})`);
    console.log(`app zip:   ${appMs.toFixed(0)} ms (${rate(appMs)}), ${app[0]!.bytes} bytes`);
    console.log(`time to first byte: median ${median(app.map((a) => a.firstByteMs)).toFixed(0)} ms`);
    console.log(`throughput ratio app / zip -0: ${(toolMs / appMs).toFixed(2)}`);
    const appCpu = median(app.map((a) => a.cpuMs));
    const toolCpu = median(tool.map((z) => z.cpuMs));
    console.log(
      `CPU: zip -0 ${toolCpu.toFixed(0)} ms, app (server + curl) ${appCpu.toFixed(0)} ms; ratio zip / app ${(toolCpu / appCpu).toFixed(2)}`,
    );

    const idle = process.memoryUsage().rss;
    const sampling = samplePeaks(50);
    const started = performance.now();
    await Promise.all([1, 2, 3].map(() => appZip('/dev/null')));
    sampling.stop();
    console.log(
      `3 zips at once: ${((performance.now() - started) / 1000).toFixed(1)} s; server resident memory ${megabytes(idle)} before, ${megabytes(sampling.peaks.server)} at the peak`,
    );
  } finally {
    await t.close();
  }
}

await main();
