import { loadConfig } from './config';
import { buildApp } from './app';
import { scheduleRecurringJobs } from './jobs';
import { exitOnSignals, stopWebProcess } from './shutdown';

/** Process entry: the web server (API and web app) on one port; it runs jobs too unless WORKER=false. */
const config = loadConfig();
const built = await buildApp(config);
const { app, ctx } = built;
// At once: it may already be running jobs.
exitOnSignals(ctx.log, config.shutdownGraceMs, () =>
  stopWebProcess(app, ctx.jobs, (graceMs) => built.startDraining(graceMs), config.shutdownGraceMs),
);
// Recurring jobs are set by the processes, not by buildApp, so the tests choose when billing runs.
await scheduleRecurringJobs(ctx.jobs);
// A crashed predecessor's scratch folders and ended uploads' files (its jobs the queue takes back).
await ctx.uploadSweep.sweepLeftovers();

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Proofroom is running at ${config.appUrl} (${config.database.dialect}, jobs: ${config.jobs.queue})`,
);
