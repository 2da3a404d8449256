import { RATE_LIMITED } from '@common/api/errors';
import type { Clock } from '../../clock';
import type { RateLimitsRepository } from '../../db/repositories/rateLimits';
import { AppError } from '../../errors';

export interface Limit {
  max: number;
  windowMinutes: number;
}

/**
 * Fixed-window counters kept in the database, so every app instance shares them: the limits of
 * sign-in, codes, resets and invitation e-mails. (The coarse per-address limit on every API call is
 * @fastify/rate-limit's, in memory: server/app.ts.)
 */
export class RateLimiter {
  constructor(
    private readonly limits: RateLimitsRepository,
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
    const expiredAt = new Date(now.getTime() - windowMinutes * 60_000).toISOString();
    const { hits, windowStartedAt } = await this.limits.hit(key, now.toISOString(), expiredAt);
    return { hits, windowStartedAt: new Date(windowStartedAt) };
  }

  /** The events the current window of `key` holds, without counting one. */
  async peek(key: string, windowMinutes: number): Promise<number> {
    const row = await this.limits.find(key);
    if (!row) return 0;
    const age = this.clock.now().getTime() - new Date(row.window_started_at).getTime();
    return age >= windowMinutes * 60_000 ? 0 : row.hits;
  }
}
