import { pino, type Logger } from 'pino';
import type { Mailer } from './adapters/mail/mailer';
import { OutboxMailer } from './adapters/mail/outboxMailer';
import { SmtpMailer } from './adapters/mail/smtpMailer';
import { createPayments } from './adapters/payments';
import type { PaymentProvider } from './adapters/payments/paymentProvider';
import type { SandboxPayments } from './adapters/payments/sandboxPayments';
import type { StripePayments } from './adapters/payments/stripePayments';
import type { FileStorage } from './adapters/storage/fileStorage';
import { Catalogue, DEFAULT_CATALOGUE_FILE } from './billing/catalogue';
import { LocalFileStorage } from './adapters/storage/localStorage';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { createDatabase, type Db } from './db/database';
import { UsersRepository } from './db/repositories/users';
import { WorkspacesRepository } from './db/repositories/workspaces';
import { BillingRepository } from './db/repositories/billing';
import { SubscriptionsRepository } from './db/repositories/subscriptions';
import { AddOnService } from './services/addOns';
import { BillingPeriodService } from './services/billingPeriods';
import { DismissalService } from './services/dismissals';
import { SubscriptionService } from './services/subscriptions';
import { WorkspaceInvitationsRepository } from './db/repositories/workspaceInvitations';
import { WorkspaceMembersRepository } from './db/repositories/workspaceMembers';
import { AccessCodeService } from './services/accessCodes';
import { AccountService } from './services/accounts';
import { PasswordResetService } from './services/passwordResets';
import { ProfileService } from './services/profile';
import { RateLimiter } from './services/rateLimiter';
import { SessionService } from './services/sessions';
import { CheckoutService } from './services/checkout';
import { WorkspaceAccess } from './services/workspaceAccess';
import { WorkspaceService } from './services/workspaces';
import { WorkspaceUsage } from './services/workspaceUsage';
import { MemberProjects } from './services/memberProjects';
import { WorkspaceInvitationService } from './services/workspaceInvitations';
import { WorkspaceLifecycleService } from './services/workspaceLifecycle';
import { WorkspaceMemberService } from './services/workspaceMembers';

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
  catalogue: Catalogue;
  payments: PaymentProvider;
  /** The sandbox processor when it is the configured one (its card form call is served then). */
  sandboxPayments: SandboxPayments | null;
  /** Stripe when it is the configured processor (its webhooks are served then). */
  stripePayments: StripePayments | null;
  workspaces: WorkspacesRepository;
  workspaceAccess: WorkspaceAccess;
  workspaceUsage: WorkspaceUsage;
  checkout: CheckoutService;
  workspaceService: WorkspaceService;
  billing: BillingRepository;
  subscriptions: SubscriptionService;
  addOns: AddOnService;
  /** The period-end run: renewals, trial expiry, cancellations, downgrades (server/jobs/scheduler.ts runs it). */
  billingPeriods: BillingPeriodService;
  dismissals: DismissalService;
  workspaceMembers: WorkspaceMemberService;
  workspaceInvitations: WorkspaceInvitationService;
  workspaceLifecycle: WorkspaceLifecycleService;
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
  const catalogue = Catalogue.fromFile(config.billing.pricingPlansFile ?? DEFAULT_CATALOGUE_FILE);
  const { payments, sandbox, stripe } = createPayments(config, db, clock, log);
  const workspaces = new WorkspacesRepository(db);
  const workspaceUsage = new WorkspaceUsage();
  const memberRows = new WorkspaceMembersRepository(db);
  const memberProjects = new MemberProjects();
  const workspaceMembers = new WorkspaceMemberService(db, memberRows, memberProjects);
  const workspaceInvitations = new WorkspaceInvitationService(
    db,
    workspaces,
    memberRows,
    new WorkspaceInvitationsRepository(db),
    users,
    mailer,
    limiter,
    clock,
    { appUrl: config.appUrl, emailsPerDay: config.inviteEmailsPerDay },
  );
  const checkout = new CheckoutService(db, clock, payments);
  const subscriptionRows = new SubscriptionsRepository(db);
  const billing = new BillingRepository(db);
  return {
    config,
    log,
    db,
    clock,
    mailer,
    storage,
    users,
    sessions,
    accounts: new AccountService(users, clock, limiter, accessCodes, [workspaceInvitations]),
    passwordResets: new PasswordResetService(db, users, clock, mailer, limiter, sessions, config.appUrl, log),
    profile: new ProfileService(users, clock, storage, sessions),
    catalogue,
    payments,
    sandboxPayments: sandbox,
    stripePayments: stripe,
    workspaces,
    workspaceAccess: new WorkspaceAccess(workspaces, users, catalogue, clock, workspaceUsage),
    workspaceUsage,
    checkout,
    billing,
    subscriptions: new SubscriptionService(db, subscriptionRows, billing, catalogue, checkout, clock),
    addOns: new AddOnService(db, subscriptionRows, catalogue, checkout, clock),
    billingPeriods: new BillingPeriodService(
      db,
      subscriptionRows,
      workspaces,
      workspaceUsage,
      catalogue,
      checkout,
      log,
    ),
    dismissals: new DismissalService(db, clock),
    workspaceService: new WorkspaceService(
      db,
      workspaces,
      catalogue,
      checkout,
      storage,
      clock,
      config.billing.trialDays,
    ),
    workspaceMembers,
    workspaceInvitations,
    workspaceLifecycle: new WorkspaceLifecycleService(
      db,
      workspaces,
      memberRows,
      workspaceMembers,
      memberProjects,
      users,
      mailer,
      storage,
      log,
      config.appUrl,
    ),
  };
}
