import type { Logger } from 'pino';
import { EXPIRED_RESET_TOKEN, INVALID_RESET_TOKEN } from '@common/api/errors';
import { RATE_LIMITS, RESET_TOKEN_TTL_MINUTES } from '@common/limits';
import type { Mailer } from '../../adapters/mail/mailer';
import { minutes, type Clock } from '../../clock';
import type { UserRow } from '../../db/repositories/users';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import type { QueueAddressMail } from './addressMail';
import { resetPasswordEmail } from '../../emails/accountEmails';
import { invalidRecord } from '../../errors';
import type { RateLimiter } from '../platform/rateLimiter';
import type { SessionService } from './sessions';
import { hashPassword, randomToken, sha256 } from '../../secrets';

/** Forgot and reset password: single-use, expiring tokens; the request never tells whether the address exists. */
export class PasswordResetService {
  constructor(
    private readonly uow: UnitOfWorkOf<'passwordResetTokens' | 'users'>,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionService,
    private readonly appUrl: string,
    private readonly log: Logger,
    private readonly queueAddressMail: QueueAddressMail,
  ) {}

  async request(email: string, ip: string): Promise<void> {
    await this.limiter.consume(`reset:${email}`, RATE_LIMITS.resetEmail);
    await this.limiter.consume(`reset_ip:${ip}`, {
      ...RATE_LIMITS.resetEmail,
      max: RATE_LIMITS.resetEmail.max * 4,
    });
    // The same for every address, known or not (server/jobs/addressMailJob.ts).
    await this.queueAddressMail({ kind: 'reset_link', email });
  }

  /** The reset job: a link to the address when it is an account's, else nothing. */
  async sendLink(email: string): Promise<void> {
    const user = await this.uow.read.users.findByEmail(email);
    if (!user) return;
    const token = randomToken();
    const now = this.clock.now();
    await this.uow.transaction(async (tx) => {
      // Only the newest link works: asking again retires the earlier ones.
      await tx.passwordResetTokens.retireUnused(user.id, now.toISOString());
      await tx.passwordResetTokens.insert({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + minutes(RESET_TOKEN_TTL_MINUTES)).toISOString(),
        now: now.toISOString(),
      });
    });
    const url = `${this.appUrl}/reset-password?reset_password_token=${encodeURIComponent(token)}`;
    try {
      await this.mailer.send(resetPasswordEmail(user, url));
    } catch (error) {
      // The answer must not differ for a known address; the user can ask again.
      this.log.error({ err: error, userId: user.id }, 'password reset e-mail could not be sent');
    }
  }

  /** Sets the new password, spends the token and signs the user out of every other session. */
  async reset(token: string, password: string): Promise<UserRow> {
    const row = await this.uow.read.passwordResetTokens.findByHash(sha256(token));
    if (!row || row.used_at) throw invalidRecord({ reset_password_token: [INVALID_RESET_TOKEN] });
    const now = this.clock.now();
    if (new Date(row.expires_at) <= now) throw invalidRecord({ reset_password_token: [EXPIRED_RESET_TOKEN] });

    const passwordHash = await hashPassword(password);
    const spent = await this.uow.transaction(async (tx) => {
      if (!(await tx.passwordResetTokens.markUsed(row.id, now.toISOString()))) return false;
      await tx.users.update(row.user_id, { password_hash: passwordHash, updated_at: now.toISOString() });
      await tx.record({
        type: 'user.password_changed',
        actorId: row.user_id,
        subject: { type: 'User', id: row.user_id },
        data: { via: 'reset' },
      });
      return true;
    });
    if (!spent) throw invalidRecord({ reset_password_token: [INVALID_RESET_TOKEN] });
    await this.sessions.destroyAllFor(row.user_id);
    const user = await this.uow.read.users.findById(row.user_id);
    if (!user) throw invalidRecord({ reset_password_token: [INVALID_RESET_TOKEN] });
    return user;
  }
}
