import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The binary is not installed here (scripts/setup-system.sh installs it): 'converter_missing'. */
export class ToolMissingError extends Error {
  constructor(readonly command: string) {
    super(`${command} is not installed on this server.`);
    this.name = 'ToolMissingError';
  }
}

/** The tool ran past its own time limit or the job's signal was aborted: 'timeout'. */
export class ToolTimeoutError extends Error {
  constructor(
    readonly command: string,
    readonly reason: 'timeout' | 'aborted',
  ) {
    super(
      reason === 'timeout'
        ? `${command} took too long and was stopped.`
        : `${command} was stopped (job aborted).`,
    );
    this.name = 'ToolTimeoutError';
  }
}

/** The tool ran out of the memory it was allowed (memoryLimitBytes): 'too_large'. */
export class ToolMemoryLimitError extends Error {
  constructor(readonly command: string) {
    super(`${command} needed more memory than allowed and was stopped.`);
    this.name = 'ToolMemoryLimitError';
  }
}

/** The tool wrote more than maxOutputBytes on stdout or stderr: it is stopped. */
export class ToolOutputTooLargeError extends Error {
  constructor(readonly command: string) {
    super(`${command} wrote more output than allowed and was stopped.`);
    this.name = 'ToolOutputTooLargeError';
  }
}

export interface RunToolOptions {
  signal: AbortSignal;
  timeoutMs: number;
  cwd?: string;
  /** Cap on stdout and on stderr, each (default 256 MiB for stdout, stderr keeps its last 64 KiB). */
  maxOutputBytes?: number;
  env?: NodeJS.ProcessEnv;
  /**
   * Cap on the tool's heap (RLIMIT_DATA: its malloc'd and other private writable memory, for it and
   * what it starts), see memoryLimits.ts. An allocation past it fails inside the tool.
   */
  memoryLimitBytes?: number;
}

export interface ToolResult {
  stdout: Buffer;
  stderr: string;
  /** The exit code; a tool killed by a signal of its own (a crash) answers 128 + the signal number. */
  code: number;
}

const DEFAULT_MAX_OUTPUT = 256 * 1024 * 1024;
/** util-linux, essential on Debian: sets the limit, then executes the tool in its own place. */
const PRLIMIT = '/usr/bin/prlimit';
/** prlimit's exit code when it cannot execute the tool because it does not exist. */
const PRLIMIT_EXEC_ENOENT = 127;
/**
 * How the converters say an allocation failed: poppler "Out of memory" (pdftoppm then exits 0 with
 * a broken page), C++ std::bad_alloc, ImageMagick "memory allocation failed", LibRaw "Unsufficient
 * memory", Perl "Out of memory!", glibc "Cannot allocate memory".
 */
const OUT_OF_MEMORY =
  /out of memory|bad_alloc|memory allocation failed|(?:un|in)sufficient memory|cannot allocate memory/i;
const STDERR_KEPT = 64 * 1024;
const SIGNAL_NUMBERS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGKILL: 9,
  SIGSEGV: 11,
  SIGTERM: 15,
  SIGABRT: 6,
  SIGBUS: 7,
};

/**
 * The command line that runs a tool with its heap capped at limitBytes (RLIMIT_DATA): prlimit sets
 * the limit, then executes the tool, which keeps prlimit's pid. RLIMIT_DATA (private writable
 * memory, Linux 4.7 and later) rather than RLIMIT_AS, which counts address space reserved and
 * never touched: the corpus documents need 374–611 MiB of it in soffice, against 40–84 MiB of
 * heap, so an RLIMIT_AS would bound little. A tool whose allocation fails while it holds a lock
 * can hang under either limit (soffice, ImageMagick 6): the timeout still ends it.
 */
export function withMemoryLimit(command: string, args: string[], limitBytes: number): [string, string[]] {
  return [PRLIMIT, [`--data=${Math.floor(limitBytes)}`, '--', command, ...args]];
}

/**
 * Runs an external converter as its own process group, so a timeout or an aborted job kills the
 * tool and whatever it started (LibreOffice and ImageMagick's delegates fork). A non-zero exit is
 * not an error here: the caller reads code and stderr, since some tools exit 0 on failure and
 * others non-zero on a warning. Under memoryLimitBytes, a tool saying an allocation failed is a
 * ToolMemoryLimitError whatever its exit code.
 */
export function runTool(command: string, args: string[], options: RunToolOptions): Promise<ToolResult> {
  const maxOutput = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      reject(new ToolTimeoutError(command, 'aborted'));
      return;
    }
    const limit = options.memoryLimitBytes;
    const [file, fileArgs] = limit === undefined ? [command, args] : withMemoryLimit(command, args, limit);
    const child = spawn(file, fileArgs, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let stderrBytes = 0;
    let failure: Error | null = null;

    const killGroup = (error: Error) => {
      failure ??= error;
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    const timer = setTimeout(() => killGroup(new ToolTimeoutError(command, 'timeout')), options.timeoutMs);
    const onAbort = () => killGroup(new ToolTimeoutError(command, 'aborted'));
    options.signal.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxOutput) killGroup(new ToolOutputTooLargeError(command));
      else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderrBytes += chunk.length;
      if (stderrBytes > maxOutput) killGroup(new ToolOutputTooLargeError(command));
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });

    const finish = () => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish();
      // spawn says ENOENT for a missing working folder too: only a missing binary is 'converter_missing'.
      const missingFolder = options.cwd !== undefined && !existsSync(options.cwd);
      reject(error.code === 'ENOENT' && !missingFolder ? new ToolMissingError(file) : error);
    });
    child.on('close', (code, signal) => {
      finish();
      if (failure) reject(failure);
      else if (
        limit !== undefined &&
        code === PRLIMIT_EXEC_ENOENT &&
        /^prlimit: failed to execute/.test(stderr)
      )
        reject(new ToolMissingError(command));
      else if (limit !== undefined && OUT_OF_MEMORY.test(stderr)) reject(new ToolMemoryLimitError(command));
      else
        resolve({
          stdout: Buffer.concat(stdout),
          stderr,
          code: code ?? 128 + (SIGNAL_NUMBERS[signal ?? ''] ?? 0),
        });
    });
  });
}
