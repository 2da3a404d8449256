import { loadConfig } from './config';
import { startJobRunner } from './jobRunner';
import { exitOnSignals } from './shutdown';

/**
 * Process entry: a job worker (`npm run worker`), on as many machines as needed beside web
 * processes started with WORKER=false. It takes jobs until SIGINT or SIGTERM, then stops taking
 * them and exits once those running are done, or when SHUTDOWN_GRACE_SECONDS have passed, handing
 * those still running back to the queue for another worker (exit code 1 then).
 */
const config = loadConfig();
const runner = await startJobRunner(config);
const { ctx } = runner;
ctx.log.info(
  { queue: config.jobs.queue, concurrency: config.jobs.concurrency },
  `Proofroom worker is running (${config.database.dialect})`,
);

exitOnSignals(ctx.log, config.shutdownGraceMs, async () => {
  const { handedBack } = await runner.close({ graceMs: config.shutdownGraceMs });
  return handedBack === 0;
});
