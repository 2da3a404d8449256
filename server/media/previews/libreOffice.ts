import { existsSync, rmSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MEMORY_LIMITS } from './memoryLimits';
import { runTool, ToolMemoryLimitError } from './processes';

/** LibreOffice's import filter names: the file is opened as its detected type, never guessed. */
export type OfficeImportFilter = 'MS Word 97' | 'MS Word 2007 XML' | 'MS Excel 97' | 'Calc MS Excel 2007 XML';

/** LibreOffice could not open the document (damaged, or not the type it was detected as). */
export class DocumentUnreadableError extends Error {
  constructor() {
    super('This document could not be opened: it may be damaged.');
    this.name = 'DocumentUnreadableError';
  }
}

export interface LibreOfficeOptions {
  /** Where the user profiles live; removed by dispose(). */
  profileRoot: string;
  /** How many conversions may run at once, one soffice per profile (default 1). */
  profiles?: number;
  /** Per conversion, besides the caller's signal (default 120 s). */
  timeoutMs?: number;
  /** The heap soffice may take (default MEMORY_LIMITS.libreOffice). */
  memoryLimitBytes?: number;
  command?: string;
  /** Runs once, before the first profile is seeded. */
  beforeFirstUse?: () => Promise<void>;
}

interface Profile {
  dir: string;
  /** False until seeded, and again after a crash or a kill left it in an unknown state. */
  ready: boolean;
  /** The conversion queue of this profile: one soffice at a time may use it. */
  tail: Promise<unknown>;
  queued: number;
}

/**
 * LibreOffice kept warm: a stock headless start with a new profile spends 4–5 s on VCL's graphics
 * render tests (they run whenever the profile's ooSetupLastVersion is older than the program,
 * which headless runs never update) and on first-start work. Each profile here is seeded with
 * that version, first start done, recovery and OpenCL off, linked pictures never fetched, so a conversion costs well under
 * 1.5 s. Conversions of one profile are serialised (two soffice on one profile hand work to each
 * other or fail on its lock); a profile whose soffice crashed or was killed is recreated.
 */
export class LibreOffice {
  private readonly profiles: Profile[];
  private readonly timeoutMs: number;
  private readonly memoryLimitBytes: number;
  private readonly command: string;
  private version: Promise<string | null> | null = null;
  private firstUse: Promise<void> | null = null;

  constructor(private readonly options: LibreOfficeOptions) {
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.memoryLimitBytes = options.memoryLimitBytes ?? MEMORY_LIMITS.libreOffice;
    this.command = options.command ?? (existsSync(SOFFICE_BIN) ? SOFFICE_BIN : 'soffice');
    this.profiles = Array.from({ length: Math.max(1, options.profiles ?? 1) }, (_, index) => ({
      dir: join(options.profileRoot, `profile-${index}`),
      ready: false,
      tail: Promise.resolve(),
      queued: 0,
    }));
  }

  /** Converts a document to PDF in outDir and answers the PDF's path. */
  convertToPdf(
    input: string,
    filter: OfficeImportFilter,
    outDir: string,
    signal: AbortSignal,
  ): Promise<string> {
    return this.enqueue(async (profile) => {
      await mkdir(outDir, { recursive: true });
      const { code, stderr } = await this.run(profile, signal, [
        `--infilter=${filter}`,
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        input,
      ]);
      const pdf = join(outDir, `${basename(input, extname(input))}.pdf`);
      // LibreOffice exits 0 with "Error: source file could not be loaded" for a damaged file.
      if (code === 0 && existsSync(pdf)) return pdf;
      if (SOFFICE_OUT_OF_MEMORY.test(stderr)) throw new ToolMemoryLimitError('LibreOffice');
      throw new DocumentUnreadableError();
    });
  }

  /** Seeds and starts every profile once, so the first document does not pay for it. */
  async warmUp(signal: AbortSignal): Promise<void> {
    await Promise.all(
      this.profiles.map((profile) =>
        this.enqueueOn(profile, () => this.run(profile, signal, ['--terminate_after_init'])),
      ),
    );
  }

  async dispose(): Promise<void> {
    await Promise.allSettled(this.profiles.map((profile) => profile.tail));
    await rm(this.options.profileRoot, { recursive: true, force: true });
  }

  private enqueue<T>(task: (profile: Profile) => Promise<T>): Promise<T> {
    const profile = this.profiles.reduce((least, next) => (next.queued < least.queued ? next : least));
    return this.enqueueOn(profile, () => task(profile));
  }

  private enqueueOn<T>(profile: Profile, task: () => Promise<T>): Promise<T> {
    profile.queued++;
    const result = profile.tail.then(task, task).finally(() => profile.queued--);
    profile.tail = result.catch(() => undefined);
    return result;
  }

  private async run(profile: Profile, signal: AbortSignal, args: string[]) {
    if (!profile.ready) await this.seed(profile);
    const start = () =>
      runTool(
        this.command,
        [`-env:UserInstallation=${pathToFileURL(profile.dir).href}`, ...HEADLESS_FLAGS, ...args],
        {
          signal,
          timeoutMs: this.timeoutMs,
          maxOutputBytes: 1024 * 1024,
          memoryLimitBytes: this.memoryLimitBytes,
        },
      );
    try {
      let result = await start();
      // 81: the first start of a profile asks for a restart (the soffice wrapper's oosplash would do it).
      if (result.code === RESTART_REQUESTED) result = await start();
      // 0 is done, even when the document failed to load; anything else is a crash.
      if (result.code !== 0) profile.ready = false;
      return result;
    } catch (error) {
      profile.ready = false;
      throw error;
    }
  }

  private async seed(profile: Profile): Promise<void> {
    this.firstUse ??= this.options.beforeFirstUse?.() ?? Promise.resolve();
    await this.firstUse;
    await rm(profile.dir, { recursive: true, force: true });
    await mkdir(join(profile.dir, 'user'), { recursive: true });
    await writeFile(
      join(profile.dir, 'user', 'registrymodifications.xcu'),
      seededRegistry(await this.productVersion()),
    );
    profile.ready = true;
  }

  /** "7.4" from `soffice --version` (a quarter of a second, once). */
  private productVersion(): Promise<string | null> {
    this.version ??= runTool(this.command, ['--version'], {
      signal: AbortSignal.timeout(20_000),
      timeoutMs: 20_000,
      maxOutputBytes: 64 * 1024,
      memoryLimitBytes: this.memoryLimitBytes,
    }).then(
      ({ stdout }) => /LibreOffice (\d+\.\d+)/.exec(stdout.toString('utf8'))?.[1] ?? null,
      (error: unknown) => {
        this.version = null;
        throw error;
      },
    );
    return this.version;
  }
}

/** soffice.bin itself, not the soffice shell wrapper and its oosplash: a quarter second less per start. */
const SOFFICE_BIN = '/usr/lib/libreoffice/program/soffice.bin';
const RESTART_REQUESTED = 81;
/**
 * How soffice fails past its memory limit, never naming memory (measured under RLIMIT_DATA): at
 * start "osl::Thread::create failed" and an abort; in the middle of a conversion it exits 0 without
 * a PDF, saying the store (SfxBaseModel::impl_store) failed. A damaged file says instead that the
 * source file could not be loaded.
 */
const SOFFICE_OUT_OF_MEMORY = /Thread::create failed|impl_store\b.*failed/;
const HEADLESS_FLAGS = [
  '--headless',
  '--invisible',
  '--nodefault',
  '--nologo',
  '--norestore',
  '--nolockcheck',
];

function seededRegistry(version: string | null): string {
  const item = (path: string, name: string, value: string) =>
    `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    // The render tests run while this is older than the program's version.
    ...(version ? [item('/org.openoffice.Setup/Product', 'ooSetupLastVersion', version)] : []),
    item('/org.openoffice.Setup/Office', 'ooSetupInstCompleted', 'true'),
    item('/org.openoffice.Office.Common/Misc', 'FirstRun', 'false'),
    item('/org.openoffice.Office.Common/Misc', 'UseOpenCL', 'false'),
    item('/org.openoffice.Office.Recovery/RecoveryInfo', 'Enabled', 'false'),
    item('/org.openoffice.Office.Recovery/AutoSave', 'Enabled', 'false'),
    // A document's linked pictures are not fetched: a DOCX linking http://169.254.169.254/…
    // would otherwise make this server send the request (LibreOffice fetches them to lay out).
    item('/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'true'),
    '</oor:items>',
    '',
  ].join('\n');
}

const PROFILES_PREFIX = 'proofroom-libreoffice-';
const PROCESS_PROFILES = join(tmpdir(), `${PROFILES_PREFIX}${process.pid}`);

/** The process's LibreOffice: its profiles in the temp folder, removed when the process exits. */
export const libreOffice = new LibreOffice({
  profileRoot: PROCESS_PROFILES,
  beforeFirstUse: removeProfilesOfEndedProcesses,
});
process.once('exit', () => rmSync(PROCESS_PROFILES, { recursive: true, force: true }));

/** A process killed without its exit handler (SIGKILL, a test worker torn down) leaves its profiles. */
async function removeProfilesOfEndedProcesses(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => []);
  for (const name of names) {
    const pid = Number(name.slice(PROFILES_PREFIX.length));
    if (!name.startsWith(PROFILES_PREFIX) || !Number.isInteger(pid) || pid === process.pid) continue;
    if (!processIsAlive(pid)) await rm(join(tmpdir(), name), { recursive: true, force: true });
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
