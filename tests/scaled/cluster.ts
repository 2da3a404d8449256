import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { pgBossSchema } from '@server/adapters/queue/pgBossQueue';
import { MAKE_PREVIEWS } from '@server/jobs/previewJob';
import { createDatabase, dropSchema, type Db } from '@server/db/database';
import { loadConfig } from '@server/config';
import { S3FileStorage } from '@server/adapters/storage/s3Storage';
import { createBucket, s3Config, s3Env, type S3ServerInfo } from '../storage/s3Server';
import { freePort } from '../freePort';

const ROOT = join(import.meta.dirname, '..', '..');
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const READY_TIMEOUT_MS = 30_000;
/** Kept of each process's output, for the report of a failing test. */
const OUTPUT_LIMIT = 64 * 1024;

/** One process of the cluster: an app instance (with its address) or a worker. */
export interface ClusterProcess {
  readonly kind: 'app' | 'worker';
  readonly name: string;
  readonly child: ChildProcess;
  readonly pid: number;
  /** The app's address (apps only). */
  readonly baseUrl: string;
  /** What it wrote to stdout and stderr, the last 64 KiB. */
  output: string;
  readonly exited: Promise<void>;
}

/**
 * Real Proofroom processes (`server/main.ts` with WORKER=false, `server/worker.ts`) over one
 * PostgreSQL schema, its pg-boss queue and one bucket: the scaled-out layout on one machine.
 */
export class Cluster {
  readonly processes: ClusterProcess[] = [];
  private readonly dataDirs: string[] = [];
  private readonly sessionSecret = randomBytes(32).toString('hex');
  private migrated = false;
  /** A connection of the test's own to the cluster's database, for looking at its state. */
  readonly db: Db;
  /** The cluster's bucket, as the processes see it. */
  readonly storage: S3FileStorage;

  private constructor(
    readonly s3: S3ServerInfo,
    readonly bucket: string,
    readonly schema: string,
  ) {
    this.db = createDatabase(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: tmpdir(),
        SESSION_SECRET: this.sessionSecret,
        DATABASE_URL: POSTGRES_URL,
        DATABASE_SCHEMA: schema,
      }).database,
    );
    this.storage = new S3FileStorage(s3Config(s3, bucket));
  }

  static async create(s3: S3ServerInfo): Promise<Cluster> {
    return new Cluster(s3, await createBucket(s3), `scaled_${randomBytes(6).toString('hex')}`);
  }

  /**
   * The environment of every process (each with a scratch folder of its own); `extra` wins (e.g. a
   * worker's own S3_ENDPOINT). Also for an app built in the caller's process over the same data.
   */
  environment(extra: Record<string, string>): Record<string, string> {
    const dataDir = mkdtempSync(join(tmpdir(), 'proofroom-scaled-'));
    this.dataDirs.push(dataDir);
    return {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: POSTGRES_URL,
      DATABASE_SCHEMA: this.schema,
      SESSION_SECRET: this.sessionSecret,
      JOB_QUEUE: 'pg-boss',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      ...s3Env(this.s3, this.bucket),
      ...extra,
    };
  }

  private spawn(kind: ClusterProcess['kind'], entry: string, env: NodeJS.ProcessEnv, baseUrl: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const name = `${kind}-${this.processes.filter((p) => p.kind === kind).length + 1}`;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const started: ClusterProcess = { kind, name, child, pid: child.pid!, baseUrl, output: '', exited };
    const keep = (chunk: Buffer) => {
      started.output = (started.output + chunk.toString()).slice(-OUTPUT_LIMIT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', (code, signal) => keep(Buffer.from(`\n[exited: code ${code}, signal ${signal}]\n`)));
    this.processes.push(started);
    return started;
  }

  /**
   * An app instance, answering HTTP once this resolves. The first one migrates the schema alone;
   * the others start after it.
   */
  async startApp(extra: Record<string, string> = {}): Promise<ClusterProcess> {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = this.environment({
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      WORKER: 'false',
      ...extra,
    });
    const app = this.spawn('app', 'server/main.ts', env, baseUrl);
    await this.answering(app);
    this.migrated = true;
    return app;
  }

  /** Several app instances: the first alone (it migrates), then the rest at once. */
  async startApps(count: number, extra: Record<string, string> = {}): Promise<ClusterProcess[]> {
    const first = this.migrated ? [] : [await this.startApp(extra)];
    const rest = await Promise.all(Array.from({ length: count - first.length }, () => this.startApp(extra)));
    return [...first, ...rest];
  }

  /** A worker (`server/worker.ts`); it takes jobs as soon as its queue has started. */
  startWorker(extra: Record<string, string> = {}): ClusterProcess {
    if (!this.migrated) throw new Error('start an app first: it migrates the schema');
    return this.spawn('worker', 'server/worker.ts', this.environment({ WORKER: 'true', ...extra }), '');
  }

  /** Sends the signal; with SIGKILL (or SIGTERM), resolves once the process has gone. */
  async kill(target: ClusterProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (target.child.exitCode !== null || target.child.signalCode !== null) return;
    target.child.kill(signal);
    if (signal === 'SIGKILL' || signal === 'SIGTERM') await target.exited;
  }

  /** Every process's output, for the report of a failing test. */
  report(): string {
    return this.processes.map((p) => `--- ${p.name} (pid ${p.pid})\n${p.output}`).join('\n');
  }

  /** The id of the preview job `worker` is running, once pg-boss has it active in its name. */
  async activePreviewOf(worker: ClusterProcess): Promise<string | undefined> {
    const queue = pgBossSchema(this.schema);
    const { rows } = await sql<{ id: string }>`
      select j.id from ${sql.id(queue, 'job')} j
      join ${sql.id(queue, 'proofroom_job_owner')} o on o.job_id = j.id
      where j.name = ${MAKE_PREVIEWS} and j.state = 'active' and o.owner like ${`%|${worker.pid}|%`}`.execute(
      this.db,
    );
    return rows[0]?.id;
  }

  /** A pg-boss job's state and retries. */
  async pgBossJob(id: string): Promise<{ state: string; retry_count: number } | undefined> {
    const queue = pgBossSchema(this.schema);
    const { rows } = await sql<{ state: string; retry_count: number }>`
      select state, retry_count from ${sql.id(queue, 'job')} where id = ${id}`.execute(this.db);
    return rows[0];
  }

  /** The folders under the bucket's renditions/ prefix (one per preview run that stored files). */
  async renditionFolders(): Promise<string[]> {
    const folders = new Set<string>();
    for await (const entry of this.storage.list('renditions/')) folders.add(entry.key.split('/')[1]!);
    return [...folders];
  }

  /** Kills every process, drops the schema and its queue's, and removes the bucket's files' folders. */
  async stop(): Promise<void> {
    // SIGKILL ends a stopped (SIGSTOP) process too.
    for (const p of this.processes) await this.kill(p);
    await dropSchema(this.db, this.schema);
    await dropSchema(this.db, pgBossSchema(this.schema));
    await this.db.destroy();
    this.storage.client.destroy();
    for (const dir of this.dataDirs) rmSync(dir, { recursive: true, force: true });
  }

  /** Polls GET /ready until the app answers (database, storage and queue reachable), or fails with its output. */
  private async answering(app: ClusterProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (app.child.exitCode !== null) throw new Error(`${app.name} exited:\n${app.output}`);
      try {
        const answer = await fetch(`${app.baseUrl}/ready`);
        if (answer.ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`${app.name} never answered:\n${app.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
