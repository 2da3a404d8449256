import { RATE_LIMITED } from '@common/api/errors';
import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError } from '../../errors';

export interface BackoffPolicy {
  /** Attempts in a row allowed without any wait. */
  freeAttempts: number;
  /** The wait after the last free attempt; each further attempt doubles it... */
  firstDelaySeconds: number;
  /** ...up to this, so the owner is slowed down but never locked out for good. */
  maxDelaySeconds: number;
  /** A quiet spell after which earlier failures are forgotten. */
  forgetAfterHours: number;
}

/** An account's password: 5 tries at once, then 2 s, 4 s, 8 s … between tries, at most 15 minutes. */
export const SIGN_IN_BACKOFF: BackoffPolicy = {
  freeAttempts: 5,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterHours: 24,
};

/** The wait imposed after the `failures`-th attempt in a row (pure, for the tests and the docs). */
export function delayAfter(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.freeAttempts) return 0;
  const doublings = Math.min(failures - policy.freeAttempts, 30);
  return Math.min(policy.firstDelaySeconds * 2 ** doublings, policy.maxDelaySeconds);
}

const tooSoon = (seconds: number) =>
  new AppError(429, 'rate_limited', RATE_LIMITED, { retry_after_seconds: Math.max(1, Math.ceil(seconds)) });

/**
 * Growing delays between attempts at one secret, shared by every address and every instance: each
 * attempt is counted as a failure before the secret is checked (so a burst of parallel guesses
 * counts in full), and a success clears the count.
 */
export class AttemptThrottle {
  constructor(
    private readonly uow: UnitOfWorkOf<'attemptThrottles'>,
    private readonly clock: Clock,
  ) {}

  /** Counts one attempt under `key`, or answers 429 with the seconds left while a wait runs. */
  async claim(key: string, policy: BackoffPolicy): Promise<void> {
    const now = this.clock.now();
    const rows = this.uow.read.attemptThrottles;
    const row = await rows.find(key);
    const forgotten =
      row !== undefined &&
      now.getTime() - new Date(row.updated_at).getTime() > policy.forgetAfterHours * 3_600_000;
    if (row && !forgotten) {
      const waitMs = new Date(row.next_attempt_at).getTime() - now.getTime();
      if (waitMs > 0) throw tooSoon(waitMs / 1000);
    }
    const failures = (row && !forgotten ? row.failures : 0) + 1;
    const state = {
      failures,
      next_attempt_at: new Date(now.getTime() + delayAfter(failures, policy) * 1000).toISOString(),
      updated_at: now.toISOString(),
    };
    const counted = row
      ? await rows.replaceIf(key, row.failures, state)
      : await rows.insertIfAbsent(key, state);
    // Another attempt at the same key was counted in between: this one waits its turn.
    if (!counted) throw tooSoon(1);
  }

  async clear(key: string): Promise<void> {
    await this.uow.read.attemptThrottles.delete(key);
  }
}
