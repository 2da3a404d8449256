import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * What the browser benchmarks (webLoad.ts, notificationPanel.ts) measure: the production app on
 * SQLite serving the web build (BENCH_WEB_DIR measures another build), on a port of its own.
 */
export async function startBuiltWebApp(name: string, apiRateLimitPerMinute: number) {
  const webDir = process.env.BENCH_WEB_DIR ?? join(ROOT, 'dist', 'web');
  if (!existsSync(join(webDir, 'index.html'))) throw new Error(`${webDir} holds no build: run npm run build`);
  const dataDir = mkdtempSync(join(tmpdir(), `proofroom-bench-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite://${join(dataDir, 'bench.db')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    API_RATE_LIMIT_PER_MINUTE: String(apiRateLimitPerMinute),
  });
  const built = await buildApp(config, { logger: false, webDir });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { built, baseUrl, dataDir, webDir };
}
