import { pino, type Logger } from 'pino';
import { createJobQueue } from '../adapters/queue';
import type { JobQueue } from '../adapters/queue/jobQueue';
import { systemClock } from '../clock';
import type { Config } from '../config';
import { createDatabase, migrateToLatest, type Db } from '../db/database';

export interface JobRunner {
  /** Register the app's jobs on it, then start it. */
  queue: JobQueue;
  db: Db;
  log: Logger;
  /** Stops the queue (waiting for the jobs running) and closes the database. */
  close(): Promise<void>;
}

/**
 * What a worker process (`npm run worker`) runs jobs with: the database brought up to date, the
 * logger, the clock and the queue the configuration names. It starts nothing.
 */
export async function buildJobRunner(config: Config): Promise<JobRunner> {
  const log = pino({ level: config.logLevel });
  const db = createDatabase(config.database);
  await migrateToLatest(db, config.database);
  const queue = createJobQueue(config, db, systemClock, log);
  return {
    queue,
    db,
    log,
    async close() {
      await queue.stop();
      await db.destroy();
    },
  };
}
