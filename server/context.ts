import { pino, type Logger } from 'pino';
import type { Mailer } from './adapters/mail/mailer';
import { OutboxMailer } from './adapters/mail/outboxMailer';
import { SmtpMailer } from './adapters/mail/smtpMailer';
import type { FileStorage } from './adapters/storage/fileStorage';
import { LocalFileStorage } from './adapters/storage/localStorage';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { createDatabase, type Db } from './db/database';
import { UsersRepository } from './db/repositories/users';
import { AccessCodeService } from './services/accessCodes';
import { AccountService } from './services/accounts';
import { PasswordResetService } from './services/passwordResets';
import { ProfileService } from './services/profile';
import { RateLimiter } from './services/rateLimiter';
import { SessionService } from './services/sessions';

/** Everything a request may need, built once per process from the configuration. */
export interface AppContext {
  config: Config;
  log: Logger;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  storage: FileStorage;
  users: UsersRepository;
  sessions: SessionService;
  accounts: AccountService;
  passwordResets: PasswordResetService;
  profile: ProfileService;
}

export interface ContextOverrides {
  clock?: Clock;
  db?: Db;
  /** false silences the logs (tests). */
  logger?: boolean;
}

export function createContext(config: Config, overrides: ContextOverrides = {}): AppContext {
  const log = pino({ level: overrides.logger === false ? 'silent' : config.logLevel });
  const clock = overrides.clock ?? systemClock;
  const db = overrides.db ?? createDatabase(config.database);
  const mailer: Mailer = config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new OutboxMailer(db, config.mail.outboxDir, config.mail.from, clock);
  const storage = new LocalFileStorage(config.storage.root);
  const users = new UsersRepository(db);
  const limiter = new RateLimiter(db, clock);
  const sessions = new SessionService(db, clock, config.sessionSecret);
  const accessCodes = new AccessCodeService(db, clock, mailer, limiter, config.sessionSecret);
  return {
    config,
    log,
    db,
    clock,
    mailer,
    storage,
    users,
    sessions,
    accounts: new AccountService(users, clock, limiter, accessCodes),
    passwordResets: new PasswordResetService(db, users, clock, mailer, limiter, sessions, config.appUrl, log),
    profile: new ProfileService(users, clock, storage, sessions),
  };
}
