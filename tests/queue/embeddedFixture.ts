import { pino } from 'pino';
import { EmbeddedJobQueue, type EmbeddedQueueOptions } from '@server/adapters/queue/embeddedQueue';
import { systemClock, type Clock } from '@server/clock';
import { JobsRepository } from '@server/db/repositories/jobs';
import type { MakeQueue } from './jobQueueContract';
import { createTestDatabase, type TestDatabase } from './testDatabase';

export const silentLog = pino({ level: 'silent' });

/** Embedded queues on one test database; `stop` stops them all. */
export function embeddedQueues(database: TestDatabase, clock: Clock, options: EmbeddedQueueOptions) {
  const opened: EmbeddedJobQueue[] = [];
  return {
    open(overrides: Partial<EmbeddedQueueOptions> = {}): EmbeddedJobQueue {
      const repository = new JobsRepository(database.connect());
      const queue = new EmbeddedJobQueue(repository, clock, silentLog, { ...options, ...overrides });
      opened.push(queue);
      return queue;
    },
    async stop(): Promise<void> {
      await Promise.all(opened.map((queue) => queue.stop()));
    },
  };
}

/** The contract's fixture for the embedded queue, on the database of the run, in real time. */
export const makeEmbeddedQueue: MakeQueue = async ({ concurrency }) => {
  const database = await createTestDatabase();
  // A short grace, so that a killed worker's job comes back soon after its time limit.
  const queues = embeddedQueues(database, systemClock, { concurrency, leaseGraceSeconds: 1 });
  return {
    queue: queues.open(),
    open: () => Promise.resolve(queues.open()),
    workerEnv: { QUEUE_ADAPTER: 'embedded', ...database.env },
    async close() {
      await queues.stop();
      await database.close();
    },
  };
};
