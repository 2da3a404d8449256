import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { JobDefinition } from '@server/adapters/queue/jobQueue';

/**
 * The job of the killed-worker test, shared by the test and tests/queue/killableWorker.ts. Its
 * time limit is longer than the test takes to kill the worker once the job started (so the
 * worker never times the run out itself), and short enough that its lease passes soon after.
 */
export const KILLABLE_JOB = {
  name: 'killable',
  timeLimitSeconds: 3,
  retryLimit: 2,
  retryDelaySeconds: 1,
} as const satisfies Omit<JobDefinition, 'run'>;

export interface KillablePayload extends Record<string, unknown> {
  /** Where each run leaves a file `started-<pid>-<attempt>`. */
  markerDir: string;
}

export function startedMarkers(markerDir: string): string[] {
  return readdirSync(markerDir).filter((file) => file.startsWith('started-'));
}

export function markerPath(markerDir: string, attempt: number): string {
  return join(markerDir, `started-${process.pid}-${attempt}`);
}
