import { loadConfig } from './config';
import { startJobRunner } from './jobRunner';

/**
 * Process entry: a job worker (`npm run worker`), on as many machines as needed beside web
 * processes started with WORKER=false. It takes jobs until SIGINT or SIGTERM, then stops taking
 * them and exits once those running are done.
 */
const config = loadConfig();
const runner = await startJobRunner(config);
const { ctx } = runner;
ctx.log.info(
  { queue: config.jobs.queue, concurrency: config.jobs.concurrency },
  `Proofroom worker is running (${config.database.dialect})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    ctx.log.info({ signal }, 'worker shutting down');
    runner.close().then(
      () => process.exit(0),
      (err: unknown) => {
        ctx.log.error({ err }, 'worker did not stop cleanly');
        process.exit(1);
      },
    );
  });
}
