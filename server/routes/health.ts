import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { pingDatabase } from '../db/database';

export type HealthRouteDeps = Pick<AppContext, 'db' | 'storage' | 'jobs'>;

export interface Readiness {
  /** True once the process began shutting down: the load balancer should send nothing more. */
  draining(): boolean;
}

/** A part that has not answered within this long counts as unavailable. */
export const READY_CHECK_TIMEOUT_MS = 2000;
/** A job name no process registers: asking for its failures reaches the queue's store and finds nothing. */
const QUEUE_PROBE = 'proofroom.ready-probe';

type Part = 'database' | 'storage' | 'queue';

/**
 * The load balancer's probes, outside the API (no session, no rate limit): `/health` says the
 * process is alive and touches nothing; `/ready` says it can serve, its database, storage and job
 * queue each answering within two seconds. Never a 500: a failing part is named in a 503.
 */
export function healthRoutes(ctx: HealthRouteDeps, readiness: Readiness) {
  const checks: Record<Part, () => Promise<unknown>> = {
    database: () => pingDatabase(ctx.db),
    storage: () => ctx.storage.check(),
    queue: () => ctx.jobs.failed(QUEUE_PROBE),
  };

  return async (app: FastifyInstance) => {
    app.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('cache-control', 'no-store');
      done(null, payload);
    });

    app.get('/health', { schema: { hide: true } }, () => ({ status: 'ok' }));

    app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
      if (readiness.draining()) return reply.code(503).send({ status: 'unavailable', failed: ['draining'] });
      const parts = Object.keys(checks) as Part[];
      const answers = await Promise.all(parts.map((part) => answersInTime(checks[part])));
      const failed = parts.filter((_, i) => !answers[i]);
      if (failed.length) return reply.code(503).send({ status: 'unavailable', failed });
      return { status: 'ready' };
    });
  };
}

async function answersInTime(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
