import { sql } from 'kysely';
import { RATE_LIMITED } from '@common/api/errors';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';

export interface Limit {
  max: number;
  windowMinutes: number;
}

/**
 * Fixed-window counters kept in the database, so every app instance shares them.
 * One atomic upsert per attempt: no read-then-write race between instances.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Counts one attempt under `key`; throws 429 once the window's allowance is spent. */
  async consume(key: string, limit: Limit): Promise<void> {
    const { hits, windowStartedAt } = await this.count(key, limit.windowMinutes);
    if (hits > limit.max) {
      const windowMs = limit.windowMinutes * 60_000;
      const retryAfter = Math.ceil(
        (windowStartedAt.getTime() + windowMs - this.clock.now().getTime()) / 1000,
      );
      throw new AppError(429, 'rate_limited', RATE_LIMITED, { retry_after_seconds: Math.max(1, retryAfter) });
    }
  }

  /** Counts one event under `key` and answers how many the current window holds, this one included. */
  async count(key: string, windowMinutes: number): Promise<{ hits: number; windowStartedAt: Date }> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - windowMinutes * 60_000).toISOString();
    const expired = sql<boolean>`${sql.ref('rate_limits.window_started_at')} <= ${cutoff}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_started_at: now.toISOString(), hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when ${expired} then 1 else ${sql.ref('rate_limits.hits')} + 1 end`,
          window_started_at: sql<string>`case when ${expired} then ${now.toISOString()} else ${sql.ref('rate_limits.window_started_at')} end`,
        }),
      )
      .returning(['hits', 'window_started_at'])
      .executeTakeFirstOrThrow();
    return { hits: row.hits, windowStartedAt: new Date(row.window_started_at) };
  }

  /** The events the current window of `key` holds, without counting one. */
  async peek(key: string, windowMinutes: number): Promise<number> {
    const row = await this.db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) return 0;
    const age = this.clock.now().getTime() - new Date(row.window_started_at).getTime();
    return age >= windowMinutes * 60_000 ? 0 : row.hits;
  }
}
