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
import { AddOnService } from './services/addOns';
import { BillingPeriodService } from './services/billingPeriods';
import { DismissalService } from './services/dismissals';
import { DevOutboxService } from './services/devOutbox';
import { PaymentEvents } from './services/paymentEvents';
import { SubscriptionService } from './services/subscriptions';
import { AccessCodeService } from './services/accessCodes';
import { AccountService } from './services/accounts';
import { PasswordResetService } from './services/passwordResets';
import { ProfileService } from './services/profile';
import { AttemptThrottle } from './services/attemptThrottle';
import { KnownDevices } from './services/knownDevices';
import { RateLimiter } from './services/rateLimiter';
import { SessionService } from './services/sessions';
import { CheckoutService } from './services/checkout';
import { WorkspaceAccess } from './services/workspaceAccess';
import { WorkspaceService } from './services/workspaces';
import { WorkspaceUsage } from './services/workspaceUsage';
import { MemberProjects } from './services/memberProjects';
import { ProjectsRepository } from './db/repositories/projects';
import { ProjectAccess } from './services/projectAccess';
import { ProjectFactsRepository } from './db/repositories/projectFacts';
import { ProjectPresenter } from './presenters/project';
import { ProjectCreation } from './services/projectCreation';
import { ProjectService } from './services/projects';
import { ProjectBulkActions } from './services/projectBulkActions';
import { ProjectFiles } from './services/projectFiles';
import { ProjectLists } from './services/projectLists';
import { ProjectsViewOptionsService } from './services/projectsViewOptions';
import { ProjectTransfers } from './services/projectTransfers';
import { ProjectCover } from './services/projectCover';
import { WorkspaceProjects } from './services/workspaceProjects';
import { WorkspaceInvitationService } from './services/workspaceInvitations';
import { WorkspaceLifecycleService } from './services/workspaceLifecycle';
import { WorkspaceMemberService } from './services/workspaceMembers';
import { InvitationEmailAllowance } from './services/invitationEmailAllowance';
import { ProjectMemberService } from './services/projectMembers';
import { ProjectInvitationService } from './services/projectInvitations';
import { FolderService } from './services/folders';
import { LabelService } from './services/labels';
import { SharedAccess } from './services/sharedAccess';
import { ProjectSharing } from './services/projectSharing';
import { ActivityLogReader } from './services/activityLogReader';
import { BillingRecords } from './services/billingRecords';
import { UserDirectory } from './services/userDirectory';
import { UnitOfWork } from './db/unitOfWork';
import { createEventBus } from './adapters/bus';
import type { EventBus } from './adapters/bus/eventBus';
import { EventDispatcher } from './events/dispatcher';
import { ActivityLogSubscriber } from './events/activityLogSubscriber';

/** Everything a request may need, built once per process from the configuration. */
export interface AppContext {
  config: Config;
  log: Logger;
  db: Db;
  /** The one way services reach the data: repositories, in transactions that record domain events. */
  uow: UnitOfWork;
  bus: EventBus;
  events: EventDispatcher;
  clock: Clock;
  mailer: Mailer;
  storage: FileStorage;
  users: UsersRepository;
  /** The signed-in user, others' avatars, notification settings. */
  userDirectory: UserDirectory;
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
  /** Billing information, the saved card and invoices, as the owner reads them. */
  billingRecords: BillingRecords;
  subscriptions: SubscriptionService;
  addOns: AddOnService;
  /** The period-end run: renewals, trial expiry, cancellations, downgrades (server/jobs/scheduler.ts runs it). */
  billingPeriods: BillingPeriodService;
  /** The card processor's webhooks: payments settled after the fact, renewed cards. */
  paymentEvents: PaymentEvents;
  dismissals: DismissalService;
  /** The embedded mode's sent mail, for /dev/outbox. */
  devOutbox: DevOutboxService;
  workspaceMembers: WorkspaceMemberService;
  workspaceInvitations: WorkspaceInvitationService;
  workspaceLifecycle: WorkspaceLifecycleService;
  projects: ProjectsRepository;
  /** The one door to a project for signed-in users (404 for anyone not allowed to see it). */
  projectAccess: ProjectAccess;
  /** Presents projects for one user, their facts batch-loaded. */
  projectPresenter: ProjectPresenter;
  projectCreation: ProjectCreation;
  /** Rename, edit, rush flag and last seen of one project. */
  projectService: ProjectService;
  /** Delete, archive, restore, hide, unhide and leave many projects. */
  projectBulkActions: ProjectBulkActions;
  /** GET /projects/active, /archived, /hidden. */
  projectLists: ProjectLists;
  projectsViewOptions: ProjectsViewOptionsService;
  /** Ownership to another member; the project to another workspace. */
  projectTransfers: ProjectTransfers;
  projectCover: ProjectCover;
  /** The Projects tab of a workspace. */
  workspaceProjects: WorkspaceProjects;
  projectMembers: ProjectMemberService;
  projectInvitations: ProjectInvitationService;
  folders: FolderService;
  labels: LabelService;
  /** THE check every shared (anonymous) call goes through. */
  sharedAccess: SharedAccess;
  projectSharing: ProjectSharing;
  activityLogReader: ActivityLogReader;
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
  const uow = new UnitOfWork(db, clock);
  const mailer: Mailer = config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new OutboxMailer(uow.read.mailOutbox, config.mail.outboxDir, config.mail.from, clock);
  const storage = new LocalFileStorage(config.storage.root);
  const bus = createEventBus(config, log);
  const events = new EventDispatcher(
    uow.read.domainEvents,
    [new ActivityLogSubscriber(uow.read.activityLogs)],
    bus,
    clock,
    log,
  );
  uow.onCommit((committed) => events.afterCommit(committed));
  const users = new UsersRepository(db);
  const limiter = new RateLimiter(db, clock);
  const attemptThrottle = new AttemptThrottle(uow, clock);
  const knownDevices = new KnownDevices(config.sessionSecret);
  const sessions = new SessionService(db, clock, config.sessionSecret);
  const accessCodes = new AccessCodeService(uow, clock, mailer, limiter, config.sessionSecret);
  const catalogue = Catalogue.fromFile(config.billing.pricingPlansFile ?? DEFAULT_CATALOGUE_FILE);
  const { payments, sandbox, stripe } = createPayments(config, uow.read.sandboxPayments, clock, log);
  const workspaces = new WorkspacesRepository(db);
  const workspaceUsage = new WorkspaceUsage(uow.read.workspaceFacts);
  const projectFiles = new ProjectFiles(uow, storage, log);
  const memberProjects = new MemberProjects(uow, projectFiles, clock);
  const workspaceMembers = new WorkspaceMemberService(uow, memberProjects);
  const emailAllowance = new InvitationEmailAllowance(limiter, clock, config.inviteEmailsPerDay);
  const workspaceInvitations = new WorkspaceInvitationService(uow, mailer, emailAllowance, clock, {
    appUrl: config.appUrl,
  });
  const checkout = new CheckoutService(uow, clock, payments);
  const billing = new BillingRepository(db);
  const projects = new ProjectsRepository(db);
  const workspaceAccess = new WorkspaceAccess(uow.read.workspaceFacts, catalogue, clock);
  const projectAccess = new ProjectAccess(uow.read.projects);
  const projectFacts = new ProjectFactsRepository(db);
  const projectPresenter = new ProjectPresenter(projectFacts);
  const projectsViewOptions = new ProjectsViewOptionsService(uow);
  const projectInvitations = new ProjectInvitationService({
    uow,
    projectAccess,
    workspaceAccess,
    mailer,
    emailAllowance,
    clock,
    appUrl: config.appUrl,
  });
  const folders = new FolderService(uow, projectAccess, clock);
  return {
    config,
    log,
    db,
    uow,
    bus,
    events,
    clock,
    mailer,
    storage,
    users,
    userDirectory: new UserDirectory(uow, storage),
    sessions,
    accounts: new AccountService(uow, clock, limiter, accessCodes, attemptThrottle, knownDevices, [
      workspaceInvitations,
      projectInvitations,
    ]),
    passwordResets: new PasswordResetService(uow, clock, mailer, limiter, sessions, config.appUrl, log),
    profile: new ProfileService(uow, clock, storage, sessions, limiter, mailer, config.appUrl),
    catalogue,
    payments,
    sandboxPayments: sandbox,
    stripePayments: stripe,
    workspaces,
    workspaceAccess,
    workspaceUsage,
    checkout,
    billing,
    billingRecords: new BillingRecords(uow),
    subscriptions: new SubscriptionService(uow, catalogue, checkout, clock),
    addOns: new AddOnService(uow, catalogue, checkout, clock),
    billingPeriods: new BillingPeriodService(uow, workspaceUsage, catalogue, checkout, log),
    paymentEvents: new PaymentEvents(uow, clock, log),
    dismissals: new DismissalService(uow, clock),
    devOutbox: new DevOutboxService(uow),
    workspaceService: new WorkspaceService(
      uow,
      catalogue,
      checkout,
      storage,
      clock,
      config.billing.trialDays,
    ),
    workspaceMembers,
    workspaceInvitations,
    workspaceLifecycle: new WorkspaceLifecycleService(
      uow,
      workspaceMembers,
      memberProjects,
      mailer,
      storage,
      log,
      config.appUrl,
    ),
    projects,
    projectAccess,
    projectPresenter,
    projectLists: new ProjectLists(db, projectPresenter, projectsViewOptions),
    projectsViewOptions,
    workspaceProjects: new WorkspaceProjects(uow),
    projectCover: new ProjectCover(uow, storage, workspaceAccess, clock),
    projectTransfers: new ProjectTransfers(uow, workspaceAccess, mailer, clock, config.appUrl),
    projectCreation: new ProjectCreation(uow, workspaceAccess, clock),
    projectService: new ProjectService(uow, workspaceAccess, clock),
    projectBulkActions: new ProjectBulkActions(uow, projectFiles, clock),
    projectMembers: new ProjectMemberService(uow),
    projectInvitations,
    folders,
    labels: new LabelService(uow, projectAccess, workspaceAccess, clock),
    sharedAccess: new SharedAccess(uow.read.projects, clock, limiter, config.sessionSecret),
    projectSharing: new ProjectSharing(uow, folders, clock),
    activityLogReader: new ActivityLogReader(uow),
  };
}
