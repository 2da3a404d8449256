import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { LIVE_HEARTBEAT_SECONDS } from '@common/api/liveEvents';
import { INVITE_EMAILS_PER_DAY } from '@common/limits';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting, read from the environment once, validated, with defaults for the embedded mode. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^(postgres(ql)?|sqlite):\/\//.test(v),
      'DATABASE_URL must start with postgres:// or sqlite://',
    )
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  /** Where files live: this machine's disk under DATA_DIR, or an S3-compatible bucket. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().max(64).default('us-east-1'),
  S3_BUCKET: z.string().max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().max(256).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Proofroom <no-reply@proofroom.local>'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  MAINTENANCE: flag.default(false),
  DEV_OUTBOX: flag.optional(),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_MB: z.coerce.number().positive().default(10),
  /** The largest file an upload may declare. */
  UPLOAD_MAX_GB: z.coerce.number().positive().default(20),
  /** Zips larger than this are built by a job and e-mailed rather than streamed at once. */
  DOWNLOAD_DIRECT_MAX_GB: z.coerce.number().positive().default(4),
  /** A partial upload untouched this long is removed, and its name and storage let go. */
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  TRIAL_DAYS: z.coerce.number().int().positive().default(14),
  INVITE_EMAILS_PER_DAY: z.coerce.number().int().positive().default(INVITE_EMAILS_PER_DAY),
  PRICING_PLANS_FILE: z.string().optional(),
  PAYMENTS: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  JOB_QUEUE: z.enum(['embedded', 'pg-boss']).default('embedded'),
  WORKER: flag.default(true),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  EVENT_BUS: z.enum(['memory', 'postgres']).optional(),
  /** The live stream's heartbeat (a comment line), so proxies keep it open. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().positive().default(LIVE_HEARTBEAT_SECONDS),
  /** How often each instance sweeps presence whose time passed and closes streams of expired links. */
  LIVE_SWEEP_SECONDS: z.coerce.number().positive().default(10),
  /** On SIGTERM or SIGINT: how long requests in flight and running jobs may take to end. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(3600).default(30),
  INTERCOM_APP_ID: z.string().optional(),
  INTERCOM_SECRET: z.string().optional(),
});

/** An S3-compatible bucket (STORAGE=s3). */
export interface S3StorageConfig {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Where browsers reach the store, when not at `endpoint` (presigned links are signed for it). */
  publicEndpoint: string | undefined;
}

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema: string | undefined };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  storage: { driver: 'local'; root: string } | ({ driver: 's3' } & S3StorageConfig);
  uploads: { dir: string; maxBytes: number; expiryMs: number };
  downloads: { directMaxBytes: number };
  sessionSecret: string;
  maintenance: boolean;
  devOutbox: boolean;
  trustProxy: boolean;
  logLevel: string;
  bodyLimitBytes: number;
  apiRateLimitPerMinute: number;
  intercom: { appId: string | undefined; secret: string | undefined };
  billing: { trialDays: number; pricingPlansFile: string | undefined };
  /** Invitation e-mails one user may send per UTC day. */
  inviteEmailsPerDay: number;
  /** `worker: false`: this process sends jobs but runs none (a web process beside `npm run worker`). */
  jobs: { queue: 'embedded' | 'pg-boss'; worker: boolean; concurrency: number };
  /** How committed domain events reach the other processes: in-process, or LISTEN/NOTIFY. */
  eventBus: 'memory' | 'postgres';
  /** The live stream (GET /events) and presence: milliseconds. */
  live: { heartbeatMs: number; sweepMs: number };
  /** On SIGTERM or SIGINT, requests in flight and running jobs end within this (milliseconds). */
  shutdownGraceMs: number;
  payments:
    | { provider: 'sandbox' }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        /** Another address for Stripe's API (tests point it at a local stand-in). */
        apiUrl: string | undefined;
      };
}

export class ConfigError extends Error {}

/** Reads the configuration from `env` (process.env by default); overrides win, for tests and tools. */
export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  const parsed = envSchema.safeParse({ ...process.env, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const production = env.NODE_ENV === 'production';
  if (production && !env.SESSION_SECRET) throw new ConfigError('SESSION_SECRET is required in production');
  const onPostgres = env.DATABASE_URL?.startsWith('postgres') ?? false;
  if (env.JOB_QUEUE === 'pg-boss' && !onPostgres)
    throw new ConfigError('JOB_QUEUE=pg-boss needs a PostgreSQL DATABASE_URL');
  if (env.EVENT_BUS === 'postgres' && !onPostgres)
    throw new ConfigError('EVENT_BUS=postgres needs a PostgreSQL DATABASE_URL');

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: databaseConfig(env.DATABASE_URL, env.DATABASE_SCHEMA, dataDir),
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM, outboxDir: join(dataDir, 'mail') },
    storage: storageConfig(env, dataDir),
    uploads: {
      /** Partial uploads (tus) and multipart files on their way; on the files' disk, so storing is a rename. */
      dir: join(dataDir, 'uploads'),
      maxBytes: Math.round(env.UPLOAD_MAX_GB * 1024 ** 3),
      expiryMs: Math.round(env.UPLOAD_EXPIRY_HOURS * 3600 * 1000),
    },
    downloads: { directMaxBytes: Math.round(env.DOWNLOAD_DIRECT_MAX_GB * 1024 ** 3) },
    sessionSecret: env.SESSION_SECRET ?? localSecret(dataDir),
    maintenance: env.MAINTENANCE,
    devOutbox: env.DEV_OUTBOX ?? (!production && !env.SMTP_URL),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: Math.round(env.BODY_LIMIT_MB * 1024 * 1024),
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    intercom: { appId: env.INTERCOM_APP_ID, secret: env.INTERCOM_SECRET },
    billing: { trialDays: env.TRIAL_DAYS, pricingPlansFile: env.PRICING_PLANS_FILE },
    inviteEmailsPerDay: env.INVITE_EMAILS_PER_DAY,
    jobs: { queue: env.JOB_QUEUE, worker: env.WORKER, concurrency: env.JOB_CONCURRENCY },
    eventBus: env.EVENT_BUS ?? (onPostgres ? 'postgres' : 'memory'),
    live: {
      heartbeatMs: Math.round(env.LIVE_HEARTBEAT_SECONDS * 1000),
      sweepMs: Math.round(env.LIVE_SWEEP_SECONDS * 1000),
    },
    shutdownGraceMs: Math.round(env.SHUTDOWN_GRACE_SECONDS * 1000),
    payments: paymentsConfig(env),
  };
}

function storageConfig(env: z.infer<typeof envSchema>, dataDir: string): Config['storage'] {
  if (env.STORAGE === 'local') return { driver: 'local', root: join(dataDir, 'files') };
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY)
    throw new ConfigError('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT,
    publicEndpoint: env.S3_PUBLIC_ENDPOINT,
    region: env.S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

function paymentsConfig(env: z.infer<typeof envSchema>): Config['payments'] {
  if (env.PAYMENTS === 'sandbox') return { provider: 'sandbox' };
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  return {
    provider: 'stripe',
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  };
}

function databaseConfig(
  url: string | undefined,
  schema: string | undefined,
  dataDir: string,
): DatabaseConfig {
  if (url?.startsWith('postgres')) return { dialect: 'postgres', url, schema };
  const file = url ? url.replace(/^sqlite:\/\//, '') : join(dataDir, 'proofroom.db');
  return { dialect: 'sqlite', file: file === ':memory:' ? file : resolve(file) };
}

/** Outside production a missing secret is generated once and kept in the data folder. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
