import { loadConfig } from './config';
import { buildApp } from './app';
import { startScheduler } from './jobs/scheduler';

/** Process entry: the web server (API and web app) on one port. */
const config = loadConfig();
const { app, ctx } = await buildApp(config);
// Billing periods run in the web process, so the embedded mode needs nothing else; tests do not start it.
const scheduler = startScheduler(ctx);
app.addHook('preClose', () => scheduler.stop());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(`Proofroom is running at ${config.appUrl} (${config.database.dialect})`);
