import { ACCESS_CODE_REQUIRED, EMAIL_TAKEN, INVALID_CREDENTIALS } from '@common/api/errors';
import type { SignIn, SignUp } from '@common/api/auth';
import { RATE_LIMITS } from '@common/limits';
import type { Clock } from '../../clock';
import { isUniqueViolation, type UserRow } from '../../db/repositories/users';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import type { QueueAddressMail } from './addressMail';
import { AppError, invalidRecord } from '../../errors';
import type { AccessCodeService } from './accessCodes';
import { SIGN_IN_BACKOFF, type AttemptThrottle } from './attemptThrottle';
import type { KnownDevices } from './knownDevices';
import type { RateLimiter } from '../platform/rateLimiter';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../secrets';

/**
 * What a sign-up with `invite_hash` joins: each kind of invitation (workspace, later project)
 * accepts the hash when it is one of its pending invitations for the new address, else ignores it.
 */
export interface SignUpInvitations {
  acceptOnSignUp(user: UserRow, inviteHash: string): Promise<void>;
}

/** Sign-up and sign-in, with two-step verification by e-mailed code. */
export class AccountService {
  constructor(
    private readonly uow: UnitOfWorkOf<'users'>,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly accessCodes: AccessCodeService,
    private readonly throttle: AttemptThrottle,
    private readonly knownDevices: KnownDevices,
    private readonly queueAddressMail: QueueAddressMail,
    private readonly invitations: readonly SignUpInvitations[] = [],
  ) {}

  async signUp(input: SignUp, ip: string): Promise<UserRow> {
    await this.limiter.consume(`sign_up:${ip}`, RATE_LIMITS.signUp);
    if (await this.uow.read.users.emailTaken(input.user.email)) {
      throw invalidRecord({ 'user.email': [EMAIL_TAKEN] });
    }
    const passwordHash = await hashPassword(input.user.password);
    let user: UserRow;
    try {
      user = await this.uow.transaction(async (tx) => {
        const created = await tx.users.create({
          name: input.user.name,
          email: input.user.email,
          passwordHash,
          now: this.clock.now().toISOString(),
        });
        await tx.record({
          type: 'user.signed_up',
          actorId: created.id,
          subject: { type: 'User', id: created.id },
        });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidRecord({ 'user.email': [EMAIL_TAKEN] });
      throw error;
    }
    const hash = input.invite_hash;
    if (hash) for (const kind of this.invitations) await kind.acceptOnSignUp(user, hash);
    return user;
  }

  /**
   * Checks the password, then the code when two-step verification is on; returns the user to sign in.
   * Besides the limit per address, every account (known or not, so nothing is learned) has growing
   * delays between tries from anywhere; a browser that signed in to it before has delays of its own.
   */
  async signIn(input: SignIn, ip: string, deviceToken: string | undefined): Promise<UserRow> {
    await this.limiter.consume(`sign_in:${ip}:${input.email}`, RATE_LIMITS.signIn);
    const throttleKey = this.knownDevices.isKnown(input.email, deviceToken)
      ? `sign_in:${input.email}:known_device`
      : `sign_in:${input.email}`;
    await this.throttle.claim(throttleKey, SIGN_IN_BACKOFF);
    const user = await this.uow.read.users.findByEmail(input.email);
    const passwordOk = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordOk) throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
    // The delays guard the password; wrong two-step codes have their own limits (accessCodes.ts).
    await this.throttle.clear(throttleKey);

    const preferences = await this.uow.read.users.preferencesOf(user.id);
    if (preferences.is_2fa_enabled === 1) {
      if (!input.access_code) {
        await this.accessCodes.issue(user, 'sign_in');
        throw new AppError(401, 'access_code_required', ACCESS_CODE_REQUIRED);
      }
      await this.accessCodes.verify(user.id, input.access_code);
    }
    return user;
  }

  /** A token for the browser that just signed in, so its later tries skip strangers' delays. */
  deviceTokenFor(email: string): string {
    return this.knownDevices.tokenFor(email);
  }

  /** A reset password proves the owner: earlier wrong guesses stop slowing the account. */
  async forgetFailedSignIns(email: string): Promise<void> {
    await this.throttle.clear(`sign_in:${email.toLowerCase()}`);
  }

  /**
   * A new code for an account with two-step on. The answer must not tell whether there is one, in
   * content or in time: the call counts the allowance and queues the same job for every address;
   * the job looks the address up.
   */
  async resendAccessCode(email: string): Promise<void> {
    await this.accessCodes.countResend(email);
    await this.queueAddressMail({ kind: 'access_code', email });
  }

  /** The resend job: a code to the address when it is an account with two-step on, else nothing. */
  async sendAccessCode(email: string): Promise<void> {
    const users = this.uow.read.users;
    const user = await users.findByEmail(email);
    const preferences = user ? await users.preferencesOf(user.id) : undefined;
    if (user && preferences?.is_2fa_enabled === 1) await this.accessCodes.send(user);
  }
}
