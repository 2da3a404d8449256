import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { JobsRepository } from '../../db/repositories/jobs';
import { EmbeddedJobQueue } from './embeddedQueue';
import type { JobQueue } from './jobQueue';
import { pgBossQueueFromConfig } from './pgBossQueue';

/** The job queue the configuration names (JOB_QUEUE); the rest of the code sees only `JobQueue`. */
export function createJobQueue(config: Config, db: Db, clock: Clock, log: Logger): JobQueue {
  const queue = config.jobs.queue;
  switch (queue) {
    case 'embedded':
      return new EmbeddedJobQueue(new JobsRepository(db), clock, log, {
        concurrency: config.jobs.concurrency,
      });
    case 'pg-boss':
      return pgBossQueueFromConfig(config, log);
    default: {
      const unknown: never = queue;
      throw new Error(`Unknown job queue: ${String(unknown)}`);
    }
  }
}
