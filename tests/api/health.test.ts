import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropSchema } from '@server/db/database';
import { POSTGRES_URL, startTestApp, type TestApp } from './harness';

const UNREACHABLE_STORE = {
  STORAGE: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_BUCKET: 'none',
  S3_ACCESS_KEY_ID: 'x',
  S3_SECRET_ACCESS_KEY: 'y',
  S3_FORCE_PATH_STYLE: 'true',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const get = (app: TestApp, path: string) => fetch(`${app.baseUrl}${path}`);

describe('the load balancer probes', () => {
  it('answers /health and /ready with 200, uncached, with no session and no rate limit headers', async () => {
    const health = await get(t, '/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.headers.get('set-cookie')).toBeNull();
    expect(health.headers.get('x-ratelimit-limit')).toBeNull();

    const ready = await get(t, '/ready');
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('answers /ready with 503 naming the storage when the store does not answer', async () => {
    const noStore = await startTestApp(UNREACHABLE_STORE);
    try {
      const ready = await get(noStore, '/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', failed: ['storage'] });
      expect((await get(noStore, '/health')).status).toBe(200);
    } finally {
      await noStore.close();
    }
  });

  it('answers /ready with 503 naming the database once the database is gone, /health still 200', async () => {
    const noDb = await startTestApp();
    try {
      await noDb.ctx.db.destroy();
      const ready = await get(noDb, '/ready');
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { status: string; failed: string[] };
      expect(body.status).toBe('unavailable');
      expect(body.failed).toContain('database');
      expect(body.failed).not.toContain('storage');
      expect((await get(noDb, '/health')).status).toBe(200);
    } finally {
      // Its own database is gone, so its schema is dropped through another connection.
      await noDb.close({ keepData: true });
      if (process.env.TEST_DB === 'postgres') {
        const db = createDatabase({ dialect: 'postgres', url: POSTGRES_URL, schema: noDb.schema });
        await dropSchema(db, noDb.schema);
        await db.destroy();
      }
      rmSync(noDb.dataDir, { recursive: true, force: true });
    }
  });
});
