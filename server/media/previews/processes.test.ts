import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  runTool,
  ToolMemoryLimitError,
  ToolMissingError,
  ToolOutputTooLargeError,
  ToolTimeoutError,
} from './processes';

const never = () => new AbortController().signal;

/** Running or sleeping; a killed process whose parent died may linger as a zombie ('Z') until reaped. */
function processRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

describe('runTool', () => {
  it('answers stdout as bytes, stderr as text and the exit code', async () => {
    const result = await runTool('sh', ['-c', 'printf "a\\0b"; echo oops >&2; exit 3'], {
      signal: never(),
      timeoutMs: 5000,
    });
    expect(result.stdout).toEqual(Buffer.from([0x61, 0, 0x62]));
    expect(result.stderr).toBe('oops\n');
    expect(result.code).toBe(3);
  });

  it('runs in the given folder with the given environment', async () => {
    const result = await runTool('sh', ['-c', 'pwd; echo "$PROOF"'], {
      signal: never(),
      timeoutMs: 5000,
      cwd: '/tmp',
      env: { PROOF: 'x', PATH: process.env.PATH },
    });
    expect(result.stdout.toString()).toBe('/tmp\nx\n');
  });

  it('says the binary is missing', async () => {
    await expect(
      runTool('proofroom-no-such-tool', [], { signal: never(), timeoutMs: 5000 }),
    ).rejects.toBeInstanceOf(ToolMissingError);
  });

  it('does not mistake a missing working folder for a missing binary', async () => {
    const error = await runTool('true', [], {
      signal: never(),
      timeoutMs: 5000,
      cwd: '/proofroom-no-such-folder',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ToolMissingError);
  });

  it('kills the whole process group on timeout', async () => {
    // The shell starts a grandchild and prints its pid; both must be gone after the timeout.
    const started = Date.now();
    const error = await runTool('sh', ['-c', 'sleep 30 & echo $! >&2; wait'], {
      signal: never(),
      timeoutMs: 300,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolTimeoutError);
    expect((error as ToolTimeoutError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('kills the grandchildren when the job is aborted', async () => {
    const controller = new AbortController();
    const pidFile = `/tmp/proofroom-runtool-${process.pid}-${Date.now()}`;
    const running = runTool('sh', ['-c', `sleep 30 & echo $! > ${pidFile}; wait`], {
      signal: controller.signal,
      timeoutMs: 60_000,
    });
    const { readFile, rm } = await import('node:fs/promises');
    let grandchild = 0;
    for (let i = 0; i < 50 && !grandchild; i++) {
      await new Promise((r) => setTimeout(r, 20));
      grandchild = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
    }
    expect(grandchild).toBeGreaterThan(0);
    controller.abort();
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolTimeoutError);
    expect((error as ToolTimeoutError).reason).toBe('aborted');
    await new Promise((r) => setTimeout(r, 50));
    expect(processRunning(grandchild)).toBe(false);
    await rm(pidFile, { force: true });
  });

  it('refuses to start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runTool('true', [], { signal: controller.signal, timeoutMs: 1000 })).rejects.toBeInstanceOf(
      ToolTimeoutError,
    );
  });

  it('stops a tool that writes more than the cap', async () => {
    const error = await runTool('sh', ['-c', 'yes'], {
      signal: never(),
      timeoutMs: 10_000,
      maxOutputBytes: 100_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolOutputTooLargeError);
  });

  it('answers 128 + signal for a tool that crashes', async () => {
    const result = await runTool('sh', ['-c', 'kill -SEGV $$'], { signal: never(), timeoutMs: 5000 });
    expect(result.code).toBe(139);
  });
});

const MiB = 1024 * 1024;
const PDF = join(import.meta.dirname, '../../../../shared/corpus/pdf/two_column_6pages.pdf');

/** Processes whose command line holds this text, from /proc (zombies not counted). */
function processesNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text) && processRunning(pid);
      } catch {
        return false;
      }
    });
}

describe('runTool with a memory limit', () => {
  it('caps the heap of the tool (RLIMIT_DATA) and of what it starts', async () => {
    const { stdout } = await runTool('sh', ['-c', 'ulimit -d; sh -c "ulimit -d"'], {
      signal: never(),
      timeoutMs: 5000,
      memoryLimitBytes: 64 * MiB,
    });
    expect(stdout.toString()).toBe('65536\n65536\n'); // KiB
  });

  it('fails a converter that allocates past it at once, whatever its exit code, and leaves nothing running', async () => {
    // pdftoppm draws a page as one bitmap: 6000 px high is 73 MiB (120 MiB of heap unbounded).
    // Past the limit it prints "Out of memory" and exits 0, leaving a broken 208-byte TIFF.
    const scratch = await mkdtemp(join(tmpdir(), 'proofroom-memory-limit-'));
    const draw = (pixels: number) =>
      runTool(
        'pdftoppm',
        [
          '-tiff',
          '-f',
          '1',
          '-l',
          '1',
          '-scale-to',
          String(pixels),
          '-singlefile',
          PDF,
          join(scratch, `page-${pixels}`),
        ],
        {
          signal: never(),
          timeoutMs: 20_000,
          memoryLimitBytes: 32 * MiB,
        },
      );
    try {
      const started = Date.now();
      const error = await draw(6000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolMemoryLimitError);
      expect((error as Error).message).toBe('pdftoppm needed more memory than allowed and was stopped.');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(processesNaming(scratch)).toEqual([]);
      // The same page at the preview's 2048 px fits in that limit: it is the size that failed.
      expect((await draw(2048)).code).toBe(0);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('still says a binary is missing when it runs under the limit', async () => {
    await expect(
      runTool('proofroom-no-such-tool', [], { signal: never(), timeoutMs: 5000, memoryLimitBytes: 64 * MiB }),
    ).rejects.toBeInstanceOf(ToolMissingError);
  });
});
