import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { JobQueue } from './adapters/queue/jobQueue';
import { settledWithin } from './adapters/queue/settledWithin';

/** After the grace, how long closing what is left (connections, pools) may take before the exit. */
const AFTER_GRACE_MS = 5000;
/** While the server closes, how often the connections whose request has ended are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * On SIGTERM or SIGINT, runs `stop` once and exits: 0 when it answers that everything ended in
 * time, 1 otherwise (it throws, or it is still going a few seconds past the grace).
 */
export function exitOnSignals(log: Logger, graceMs: number, stop: () => Promise<boolean>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal, graceMs }, 'shutting down');
      setTimeout(() => {
        log.error('still shutting down well past the grace: exiting');
        process.exit(1);
      }, graceMs + AFTER_GRACE_MS).unref();
      stop().then(
        (inTime) => process.exit(inTime ? 0 : 1),
        (err: unknown) => {
          log.error({ err }, 'did not stop cleanly');
          process.exit(1);
        },
      );
    });
  }
}

/**
 * A web process's shutdown (docs/deploy.md, Shutdown): GET /ready answers 503 and the server stops
 * listening; the requests in flight and the jobs under way get `graceMs` to end (the event streams
 * end at once: their clients reconnect to another instance). The queue stops once the requests
 * have ended, since they may still send jobs. Past the grace, the connections left are closed (a
 * tus PATCH cut there resumes from its stored offset) and the runs left are handed back to the
 * queue. Answers whether everything ended in time.
 */
export async function stopWebProcess(
  app: FastifyInstance,
  jobs: JobQueue,
  startDraining: (graceMs: number) => void,
  graceMs: number,
): Promise<boolean> {
  startDraining(graceMs);
  // Closing the app stops the queue too (an onClose hook), with what is left of the grace.
  const closed = app.close();
  // Node closes the idle connections once, as the close begins: one whose request ends later
  // would be kept alive, holding the close until the grace ends.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const requestsInTime = await settledWithin(closed, graceMs).finally(() => clearInterval(idleSweep));
  if (!requestsInTime) {
    app.log.warn({ graceMs }, 'requests still in flight at the end of the shutdown grace: closing them');
    app.server.closeAllConnections();
    await closed;
  }
  // The close's own stop, done by now: stopping again answers its outcome.
  const { handedBack } = await jobs.stop();
  return requestsInTime && handedBack === 0;
}
