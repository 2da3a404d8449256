import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { days, type Clock } from '../../clock';
import { AppError } from '../../errors';
import type { RateLimiter } from '../platform/rateLimiter';

/**
 * The daily invitation e-mail limit per inviting user (UTC day), shared by workspace and project
 * invitations and counted in the shared rate-limit table, so every instance counts the same.
 */
export class InvitationEmailAllowance {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly emailsPerDay: number,
  ) {}

  /** Spends `count` e-mails of today's allowance; a batch that does not fit is refused whole (429). */
  async spend(userId: number, count: number): Promise<void> {
    const now = this.clock.now();
    const key = `invitation_emails:${userId}:${now.toISOString().slice(0, 10)}`;
    const windowMinutes = 24 * 60;
    const spent = await this.limiter.peek(key, windowMinutes);
    const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days(1);
    const limitReached = () =>
      new AppError(429, 'email_limit_reached', WORKSPACE_TEXTS.emailLimit, {
        retry_after_seconds: Math.max(1, Math.ceil((nextDay - now.getTime()) / 1000)),
      });
    if (spent + count > this.emailsPerDay) throw limitReached();
    const limit = { max: this.emailsPerDay, windowMinutes };
    try {
      for (let i = 0; i < count; i += 1) await this.limiter.consume(key, limit);
    } catch (error) {
      if (error instanceof AppError && error.code === 'rate_limited') throw limitReached();
      throw error;
    }
  }
}
