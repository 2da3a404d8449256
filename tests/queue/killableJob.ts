import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { JobDefinition } from '@server/adapters/queue/jobQueue';

/**
 * The job of the killed-worker tests, shared by the tests and tests/queue/killableWorker.ts. Its
 * time limit is longer than a test takes to kill the worker once the job started (so the worker
 * never times the run out itself), and short enough that its lease passes soon after.
 */
export const KILLABLE_JOB = {
  name: 'killable',
  timeLimitSeconds: 3,
  retryLimit: 2,
  retryDelaySeconds: 1,
} as const satisfies Omit<JobDefinition, 'run'>;

export interface KillablePayload extends Record<string, unknown> {
  /** Where each run leaves a file `started-<pid>-<attempt>` (and `done-<pid>-<attempt>`). */
  markerDir: string;
}

/** The markers of one kind, in the order of their attempts (not by name: pids differ in digits). */
export function markers(markerDir: string, kind: 'started' | 'done'): string[] {
  const attempt = (file: string) => Number(file.slice(file.lastIndexOf('-') + 1));
  return readdirSync(markerDir)
    .filter((file) => file.startsWith(`${kind}-`))
    .sort((a, b) => attempt(a) - attempt(b) || a.localeCompare(b));
}

export function markerPath(markerDir: string, kind: 'started' | 'done', attempt: number): string {
  return join(markerDir, `${kind}-${process.pid}-${attempt}`);
}

export interface WorkerProcess {
  process: ChildProcess;
  exited: Promise<void>;
  /** Resolves once the worker has started its queue (it printed "ready"). */
  ready: Promise<void>;
}

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * tests/queue/killableWorker.ts in a child process, its job hanging (`hang`) or ending (`complete`).
 * Its output is printed if it ends other than by SIGKILL or SIGTERM.
 */
export function startKillableWorker(
  env: Record<string, string>,
  mode: 'hang' | 'complete' = 'hang',
): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/queue/killableWorker.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, KILLABLE_MODE: mode },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (started = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('ready\n')) started();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL' && signal !== 'SIGTERM')
        console.error(`killable worker exited (${code ?? signal}): ${output}`);
      resolve();
    });
  });
  return { process: child, exited, ready };
}

/** Stops a worker process and waits for it to be gone. */
export async function killWorker(worker: WorkerProcess, signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL') {
  if (worker.process.exitCode === null && worker.process.signalCode === null) worker.process.kill(signal);
  await worker.exited;
}
