import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type BuiltApp } from '@server/app';
import { ManualClock } from '@server/clock';
import { loadConfig } from '@server/config';
import { pgBossSchema } from '@server/adapters/queue/pgBossQueue';
import { createDatabase, dropSchema, type Db } from '@server/db/database';
import type { AppContext } from '@server/context';
import { createBucket, s3Env, type S3ServerInfo } from '../storage/s3Server';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestApp extends BuiltApp {
  baseUrl: string;
  clock: ManualClock;
  dataDir: string;
  /** The PostgreSQL schema of this app's database (PostgreSQL runs). */
  schema: string;
  /** The bucket of this app's files (PostgreSQL runs, on the suite's S3 server), else undefined. */
  bucket: string | undefined;
  /** `keepData`: leave the database and files for a next app (`startTestApp(env, { reuse })`). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** Starts on the database and files a closed app kept: a restart of the same installation. */
  reuse?: Pick<TestApp, 'dataDir' | 'schema'> & { bucket?: string | undefined };
  /** Wraps the app's database (e.g. with a plugin that logs its statements). */
  wrapDb?: (db: Db) => Db;
  /** The app's logger (a test that reads the log lines); else the app logs nothing. */
  log?: Logger;
}

/**
 * A real app on a real port over a real database: SQLite in a temp folder, or PostgreSQL in a
 * schema of its own (TEST_DB=postgres), dropped on close.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestApp> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'proofroom-test-'));
  const usePostgres = process.env.TEST_DB === 'postgres';
  const schema = options.reuse?.schema ?? `test_${randomBytes(6).toString('hex')}`;
  // The PostgreSQL run is the scaled-out column: its files live in a bucket of the suite's S3 server.
  const s3 = usePostgres ? testS3Server() : undefined;
  const bucket = options.reuse?.bucket ?? (s3 ? await createBucket(s3) : undefined);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: usePostgres ? POSTGRES_URL : `sqlite://${join(dataDir, 'test.db')}`,
    ...(usePostgres ? { DATABASE_SCHEMA: schema } : {}),
    ...(s3 && bucket ? s3Env(s3, bucket) : {}),
    ...env,
  });
  const clock = new ManualClock(new Date('2026-11-21T10:00:00Z'));
  const db = options.wrapDb?.(createDatabase(config.database));
  const built = await buildApp(config, {
    clock,
    logger: false,
    webDir: join(dataDir, 'no-web'),
    ...(db ? { db } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...built,
    clock,
    dataDir,
    schema,
    bucket,
    baseUrl: `http://127.0.0.1:${port}`,
    async close({ keepData = false } = {}) {
      // Jobs still running would write into a dropped schema or a deleted folder.
      await built.ctx.jobs.stop();
      if (usePostgres && !keepData) {
        await dropSchema(built.ctx.db, schema);
        if (config.jobs.queue === 'pg-boss') await dropSchema(built.ctx.db, pgBossSchema(schema));
      }
      // Every answer has been read by now: a kept-alive socket the server still counts as busy
      // (a streamed file's last write not yet acknowledged) must not hold the close for its timeout.
      built.app.server.closeAllConnections();
      await built.app.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** The answer's `response` payload, typed loosely for assertions. */

export type Json = any;

/** An HTTP client with its own cookie jar: one per simulated browser. */
export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** The same browser (its cookies) sending to another address: another app instance behind the balancer. */
  at(baseUrl: string): ApiClient {
    const client = new ApiClient(baseUrl);
    client.cookies = new Map(this.cookies);
    return client;
  }

  get signedIn(): boolean {
    return this.cookies.has('proofroom_session');
  }

  /** The Cookie header this client sends, for requests built by hand. */
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = Json>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    const parsed: unknown =
      text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = Json>(path: string, headers?: Record<string, string>) =>
    this.request<T>('GET', path, undefined, headers);
  post = <T = Json>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', path, body ?? {}, headers);
  put = <T = Json>(path: string, body?: unknown) => this.request<T>('PUT', path, body ?? {});
  patch = <T = Json>(path: string, body?: unknown) => this.request<T>('PATCH', path, body ?? {});
  delete = <T = Json>(path: string) => this.request<T>('DELETE', path);
}

/** The newest e-mail sent to `to` through the outbox, once the queued mail jobs have run. */
export async function lastMailTo(ctx: AppContext, to: string) {
  await ctx.jobs.idle();
  return ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to.toLowerCase())
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function mailCount(ctx: AppContext, to: string): Promise<number> {
  await ctx.jobs.idle();
  const row = await ctx.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_address', '=', to.toLowerCase())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function codeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No code in mail: ${text}`);
  return match[1];
}

export function resetTokenFrom(text: string): string {
  const match = /reset_password_token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No reset link in mail: ${text}`);
  return match[1];
}

/** The S3 server the suite started (tests/storage/globalSetup.ts), when it started one. */
export function testS3Server(): S3ServerInfo | undefined {
  const server = process.env.TEST_S3_SERVER;
  return server ? (JSON.parse(server) as S3ServerInfo) : undefined;
}
