import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from './factories';
import { ApiClient, lastMailTo, POSTGRES_URL, startTestApp, type TestApp } from './harness';

const onPostgres = process.env.TEST_DB === 'postgres';
const QUEUES = onPostgres ? ['embedded', 'pg-boss'] : ['embedded'];

/** `npm run worker` beside a web process started with WORKER=false: the web process runs no job. */
describe.each(QUEUES)('a worker process apart from the web process (%s queue)', (queue) => {
  let web: TestApp | null = null;
  let worker: ChildProcess | null = null;
  afterEach(async () => {
    worker?.kill('SIGTERM');
    if (worker && worker.exitCode === null) await new Promise((resolve) => worker?.once('exit', resolve));
    worker = null;
    await web?.close();
    web = null;
  });

  it('queues the mail in the web process and sends it from the worker', async () => {
    web = await startTestApp({ WORKER: 'false', JOB_QUEUE: queue });
    const user = await buildUser(web.ctx);
    await new ApiClient(web.baseUrl).post('/users/password', { email: user.email });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await web.ctx.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);

    worker = spawn(process.execPath, ['--import', 'tsx', join('server', 'worker.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: web.dataDir,
        SESSION_SECRET: web.ctx.config.sessionSecret,
        JOB_QUEUE: queue,
        DATABASE_URL: onPostgres ? POSTGRES_URL : `sqlite://${join(web.dataDir, 'test.db')}`,
        ...(onPostgres ? { DATABASE_SCHEMA: web.schema } : {}),
      },
      stdio: process.env.WORKER_TEST_STDIO === 'inherit' ? 'inherit' : 'ignore',
    });
    const mail = await waitFor(() => lastMailTo(web!.ctx, user.email), 20_000);
    expect(mail.subject).toBe('Reset your Proofroom password');
  });
});

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
