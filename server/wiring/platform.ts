import { pino, type Logger } from 'pino';
import { createEventBus } from '../adapters/bus';
import type { Mailer } from '../adapters/mail/mailer';
import { OutboxMailer } from '../adapters/mail/outboxMailer';
import { SmtpMailer } from '../adapters/mail/smtpMailer';
import { createPayments } from '../adapters/payments';
import { createJobQueue } from '../adapters/queue';
import { createStorage } from '../adapters/storage';
import { UploadPlaces } from '../adapters/uploads';
import { createUploadLocker } from '../adapters/uploads/uploadLocker';
import { Catalogue, DEFAULT_CATALOGUE_FILE } from '../billing/catalogue';
import { systemClock, type Clock } from '../clock';
import type { Config } from '../config';
import { createDatabase, type Db } from '../db/database';
import { UnitOfWork } from '../db/unitOfWork';
import { EventDispatcher } from '../events/dispatcher';
import { QueuedMailer } from '../jobs/mailJob';
import { RateLimiter } from '../services/platform/rateLimiter';
import { ReadCache } from '../services/platform/readCache';

export interface ContextOverrides {
  clock?: Clock;
  db?: Db;
  /** false silences the logs (tests). */
  logger?: boolean;
  /** The logger to use instead of one writing to stdout (tests that read the lines). */
  log?: Logger;
}

export type Platform = ReturnType<typeof createPlatform>;

/** What every domain stands on: settings, logs, time, the data, events, jobs, mail, files, payments. */
export function createPlatform(config: Config, overrides: ContextOverrides = {}) {
  const log = overrides.log ?? pino({ level: overrides.logger === false ? 'silent' : config.logLevel });
  const clock = overrides.clock ?? systemClock;
  const db = overrides.db ?? createDatabase(config.database);
  const uow = new UnitOfWork(db, clock);
  const jobs = createJobQueue(config, db, clock, log);
  const mailDelivery: Mailer = config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new OutboxMailer(uow.read.mailOutbox, config.mail.outboxDir, config.mail.from, clock);
  const bus = createEventBus(config, log);
  // The subscribers come once every domain's services exist: wiring/subscribers.ts.
  const events = new EventDispatcher(uow.read.domainEvents, [], bus, clock, log);
  uow.onCommit((committed) => events.afterCommit(committed));
  const { payments, sandbox, stripe } = createPayments(config, uow.read.sandboxPayments, clock, log);
  const storage = createStorage(config.storage);
  return {
    config,
    log,
    clock,
    /** Migrations, shutdown and the tests' own checks; services reach the data through `uow`. */
    db,
    /** The one way services reach the data: repositories, in transactions that record domain events. */
    uow,
    /** Committed events to every web process. */
    bus,
    /** Hands committed events to the subscribers (registered in wiring/subscribers.ts). */
    events,
    jobs,
    /** Services queue their mail; the 'mail.send' job hands it to `mailDelivery`. */
    mailer: new QueuedMailer(jobs) as Mailer,
    /** The outbox, or SMTP when SMTP_URL is set. */
    mailDelivery,
    storage,
    /** Where uploads gather until their asset is made (the tus uploads in the bucket when scaled out). */
    uploadPlaces: new UploadPlaces(config, storage),
    /** One tus request at a time per upload: in memory on one machine, in the database for many. */
    uploadLocker: createUploadLocker(config, uow.read.uploadLocks),
    /** Counters of sign-in, code, reset, invitation and share-link tries (sliding windows). */
    limiter: new RateLimiter(uow.read.rateLimits, clock),
    /** Answers of the read routes, kept while the database has not changed. */
    readCache: new ReadCache(),
    catalogue: Catalogue.fromFile(config.billing.pricingPlansFile ?? DEFAULT_CATALOGUE_FILE),
    payments,
    /** The sandbox processor when it is the configured one (its card form call is served then). */
    sandboxPayments: sandbox,
    /** Stripe when it is the configured processor (its webhooks are served then). */
    stripePayments: stripe,
  };
}
