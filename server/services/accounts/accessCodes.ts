import { EXPIRED_CODE, INVALID_CODE } from '@common/api/errors';
import { ACCESS_CODE_MAX_ATTEMPTS, ACCESS_CODE_TTL_MINUTES, RATE_LIMITS } from '@common/limits';
import type { Mailer } from '../../adapters/mail/mailer';
import { minutes, type Clock } from '../../clock';
import type { UserRow } from '../../db/repositories/users';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { accessCodeEmail } from '../../emails/accountEmails';
import { AppError } from '../../errors';
import type { RateLimiter } from '../platform/rateLimiter';
import { hmac, safeEqual, sixDigitCode } from '../../secrets';

/** Two-step verification codes: e-mailed, single-use, short-lived, with a cap on wrong tries. */
export class AccessCodeService {
  constructor(
    private readonly uow: UnitOfWorkOf<'accessCodes'>,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly secret: string,
  ) {}

  /**
   * Replaces any earlier code of the user with a fresh one and e-mails it, within the allowance of
   * `reason`: sign-ins (which need the password) and resends (which anyone can ask for any address,
   * and which count alike for unknown addresses so their answers never tell who has two-step on)
   * have separate allowances.
   */
  async issue(user: UserRow, reason: 'sign_in' | 'resend'): Promise<void> {
    if (reason === 'sign_in') {
      await this.limiter.consume(`access_code:sign_in:${user.id}`, RATE_LIMITS.accessCodeEmail);
    } else {
      await this.countResend(user.email);
    }
    await this.send(user);
  }

  /** A fresh code, replacing earlier ones, e-mailed (the allowance already counted). */
  async send(user: UserRow): Promise<void> {
    const code = sixDigitCode();
    const now = this.clock.now();
    await this.uow.transaction(async (tx) => {
      await tx.accessCodes.retireUnused(user.id, now.toISOString());
      await tx.accessCodes.insert({
        userId: user.id,
        codeHash: this.hashOf(user.id, code),
        expiresAt: new Date(now.getTime() + minutes(ACCESS_CODE_TTL_MINUTES)).toISOString(),
        now: now.toISOString(),
      });
    });
    await this.mailer.send(accessCodeEmail(user, code));
  }

  /** Accepts the user's current code once; 400 invalid_code when wrong, 422 unprocessable_code when expired. */
  async verify(userId: number, code: string): Promise<void> {
    const codes = this.uow.read.accessCodes;
    const current = await codes.current(userId);
    if (!current) throw new AppError(400, 'invalid_code', INVALID_CODE);
    const now = this.clock.now();
    if (new Date(current.expires_at) <= now || current.attempts >= ACCESS_CODE_MAX_ATTEMPTS) {
      throw new AppError(422, 'unprocessable_code', EXPIRED_CODE);
    }
    if (!safeEqual(current.code_hash, this.hashOf(userId, code.replace(/\s/g, '')))) {
      await codes.countWrongAttempt(current.id);
      throw new AppError(400, 'invalid_code', INVALID_CODE);
    }
    // Conditional update: of two requests racing with the same code, only one signs in.
    if (!(await codes.markUsed(current.id, now.toISOString()))) {
      throw new AppError(400, 'invalid_code', INVALID_CODE);
    }
  }

  /** One resend asked for `email`, known or not; 429 past the allowance. */
  async countResend(email: string): Promise<void> {
    await this.limiter.consume(`access_code:resend:${email.toLowerCase()}`, RATE_LIMITS.accessCodeEmail);
  }

  private hashOf(userId: number, code: string): string {
    return hmac(this.secret, `${userId}:${code}`);
  }
}
