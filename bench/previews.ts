import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { detectFileType } from '../server/media/previews/fileType';
import { closeConverters, renderPreviews } from '../server/media/previews';
import { renditionsFromImage } from '../server/media/previews/renditions';

/**
 * Previews, measured in one run:
 * 1. A 24-megapixel JPEG made into a thumbnail (400 px) and a preview (2048 px): CPU time of the
 *    app's pipeline in this warm process, beside `vipsthumbnail` making the same two sizes.
 * 2. A batch of mixed files of every format of the corpus (BENCH_BATCH, default 200) through
 *    renderPreviews one after another: previews per minute, and Office documents per minute with
 *    LibreOffice kept warm.
 * Run: `npm run bench:previews` (vipsthumbnail: Debian's libvips-tools).
 */
const RUNS = Number(process.env.BENCH_REPEATS ?? 10);
const BATCH = Number(process.env.BENCH_BATCH ?? 200);
const CORPUS = join(import.meta.dirname, '../../shared/corpus');

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** CPU time of a child process: user + system as /usr/bin/time reports them. */
function timedChild(command: string, args: string[]): number {
  try {
    execFileSync('/usr/bin/time', ['-o', '/tmp/bench-time.txt', '-f', '%U %S', command, ...args], {
      stdio: 'ignore',
    });
  } catch (error) {
    throw new Error(`${command} failed`, { cause: error });
  }
  const [user = '0', system = '0'] = execFileSync('cat', ['/tmp/bench-time.txt'], { encoding: 'utf8' })
    .trim()
    .split(/\s+/);
  return (Number(user) + Number(system)) * 1000;
}

async function twentyFourMegapixels(dir: string): Promise<string> {
  const path = join(dir, '24mp.jpg');
  const noise = await sharp({
    create: {
      width: 600,
      height: 400,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  await sharp(noise).resize(6000, 4000, { kernel: 'cubic' }).jpeg({ quality: 92 }).toFile(path);
  return path;
}

async function thumbnails(dir: string): Promise<void> {
  const source = await twentyFourMegapixels(dir);
  const signal = new AbortController().signal;
  await renditionsFromImage(source, { workDir: dir, tiles: false, signal }); // warm
  const before = cpuMs();
  for (let i = 0; i < RUNS; i++) await renditionsFromImage(source, { workDir: dir, tiles: false, signal });
  const app = (cpuMs() - before) / RUNS;

  let vips = 0;
  for (let i = 0; i < RUNS; i++) {
    vips += timedChild('vipsthumbnail', [source, '-s', '400', '-o', join(dir, 'vt-400.jpg')]);
    vips += timedChild('vipsthumbnail', [source, '-s', '2048', '-o', join(dir, 'vt-2048.jpg')]);
  }
  vips /= RUNS;
  console.log(`24 MP JPEG, thumbnail 400 + preview 2048, ${RUNS} runs, CPU per file:`);
  console.log(`  app (renditionsFromImage, also low-res and placeholder): ${app.toFixed(0)} ms`);
  console.log(`  vipsthumbnail -s 400 and -s 2048:                        ${vips.toFixed(0)} ms`);
  console.log(`  ratio app / vipsthumbnail: ${(app / vips).toFixed(2)}`);
}

async function batch(dir: string): Promise<void> {
  const files = readdirSync(CORPUS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(CORPUS, d.name)).map((name) => join(CORPUS, d.name, name)))
    .filter((path) => !path.includes('giant_')); // its tile pyramid alone takes seconds: measured in the tests
  const typed = [];
  for (const path of files) {
    const head = execFileSync('head', ['-c', '65536', path]);
    const detected = detectFileType(head, path);
    if (detected.ok) typed.push({ path, type: detected.type });
  }
  let office = 0;
  let officeMs = 0;
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) {
    const file = typed[i % typed.length]!;
    const workDir = mkdtempSync(join(dir, 'job-'));
    const begin = performance.now();
    await renderPreviews({ ...file, workDir, signal: new AbortController().signal });
    if (['doc', 'docx', 'xls', 'xlsx'].includes(file.type)) {
      office++;
      officeMs += performance.now() - begin;
    }
    rmSync(workDir, { recursive: true, force: true });
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(
    `\n${BATCH} mixed files (${typed.length} corpus files of every format, in turn), one at a time:`,
  );
  console.log(`  ${(BATCH / minutes).toFixed(0)} previews per minute`);
  console.log(
    `  Office documents: ${office}, ${(office / (officeMs / 60_000)).toFixed(0)} per minute (LibreOffice warm)`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'proofroom-bench-previews-'));
try {
  await thumbnails(dir);
  await batch(dir);
} finally {
  await closeConverters();
  rmSync(dir, { recursive: true, force: true });
}
