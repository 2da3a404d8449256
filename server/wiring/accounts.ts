import { SessionsRepository } from '../db/repositories/sessions';
import { queueAddressMail } from '../jobs/addressMailJob';
import { AccessCodeService } from '../services/accounts/accessCodes';
import { AccountService, type SignUpInvitations } from '../services/accounts/accounts';
import { AttemptThrottle } from '../services/accounts/attemptThrottle';
import { DevOutboxService } from '../services/accounts/devOutbox';
import { DismissalService } from '../services/accounts/dismissals';
import { KnownDevices } from '../services/accounts/knownDevices';
import { PasswordResetService } from '../services/accounts/passwordResets';
import { ProfileService } from '../services/accounts/profile';
import { SessionService } from '../services/accounts/sessions';
import { UserDirectory } from '../services/accounts/userDirectory';
import type { Platform } from './platform';

export type AccountServices = ReturnType<typeof accountServices>;

/**
 * Sign-up, sign-in with two-step codes, sessions, resets and the profile. `signUpInvitations`:
 * the workspace and project invitations a new account takes up.
 */
export function accountServices(p: Platform, signUpInvitations: SignUpInvitations[]) {
  const { uow, db, clock, log, config, mailer, storage, limiter, jobs } = p;
  const addressMail = queueAddressMail(jobs);
  const sessions = new SessionService(new SessionsRepository(db), clock, config.sessionSecret, log);
  const accessCodes = new AccessCodeService(uow, clock, mailer, limiter, config.sessionSecret);
  const throttle = new AttemptThrottle(uow, clock);
  const knownDevices = new KnownDevices(config.sessionSecret);
  return {
    sessions,
    accounts: new AccountService(
      uow,
      clock,
      limiter,
      accessCodes,
      throttle,
      knownDevices,
      addressMail,
      signUpInvitations,
    ),
    passwordResets: new PasswordResetService(
      uow,
      clock,
      mailer,
      limiter,
      sessions,
      config.appUrl,
      log,
      addressMail,
    ),
    profile: new ProfileService(uow, clock, storage, sessions, limiter, mailer, config.appUrl),
    /** The signed-in user, avatars, notification settings. */
    userDirectory: new UserDirectory(uow, storage, config.intercom.secret),
    dismissals: new DismissalService(uow, clock),
    /** The embedded mode's sent mail, for /dev/outbox. */
    devOutbox: new DevOutboxService(uow),
  };
}
