import { sql } from 'kysely';
import type { Db } from '../database';

/** The fixed-window counters of rate_limits, shared by every app instance. */
export class RateLimitsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one event under `key` in one atomic upsert (no read-then-write race between instances):
   * a window that started at or before `expiredAt` starts anew at `now`. Answers the window's count,
   * this event included, and when it started.
   */
  async hit(key: string, now: string, expiredAt: string): Promise<{ hits: number; windowStartedAt: string }> {
    const expired = sql<boolean>`${sql.ref('rate_limits.window_started_at')} <= ${expiredAt}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_started_at: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when ${expired} then 1 else ${sql.ref('rate_limits.hits')} + 1 end`,
          window_started_at: sql<string>`case when ${expired} then ${now} else ${sql.ref('rate_limits.window_started_at')} end`,
        }),
      )
      .returning(['hits', 'window_started_at'])
      .executeTakeFirstOrThrow();
    return { hits: row.hits, windowStartedAt: row.window_started_at };
  }

  find(key: string): Promise<{ hits: number; window_started_at: string } | undefined> {
    return this.db
      .selectFrom('rate_limits')
      .select(['hits', 'window_started_at'])
      .where('key', '=', key)
      .executeTakeFirst();
  }
}
