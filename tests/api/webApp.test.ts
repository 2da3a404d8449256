import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '@server/app';
import { loadConfig } from '@server/config';
import { precompress } from '../../scripts/precompress';

/**
 * The built web app as the server sends it: precompressed copies chosen by Accept-Encoding,
 * hashed assets cached for a year, index.html revalidated, source maps never served in production.
 * The "build" is a fake one in a temp folder, precompressed by the same step as the real build.
 */
const SCRIPT = `export const greeting = ${JSON.stringify('hello proofroom '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(1200)}</body></html>`;

let webDir = '';
const apps: { built: BuiltApp; baseUrl: string; dataDir: string }[] = [];

async function start(env: 'production' | 'development') {
  const dataDir = mkdtempSync(join(tmpdir(), 'proofroom-webapp-'));
  const config = loadConfig({
    NODE_ENV: env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: `sqlite://${join(dataDir, 'test.db')}`,
  });
  const built = await buildApp(config, { logger: false, webDir });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  apps.push({ built, baseUrl, dataDir });
  return baseUrl;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (fetch would add its own Accept-Encoding and decompress). */
function get(baseUrl: string, path: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

let production = '';
let development = '';

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'proofroom-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), INDEX);
  writeFileSync(join(webDir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(webDir, 'assets', 'index-Ab12Cd34.js.map'), JSON.stringify({ version: 3, sources: [] }));
  writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompress(webDir);
  production = await start('production');
  development = await start('development');
});

afterAll(async () => {
  for (const { built, dataDir } of apps) {
    await built.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  rmSync(webDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('is precompressed at build time: brotli and gzip copies beside the text files, none for tiny ones', () => {
    expect(existsSync(join(webDir, 'assets', 'index-Ab12Cd34.js.br'))).toBe(true);
    expect(existsSync(join(webDir, 'assets', 'index-Ab12Cd34.js.gz'))).toBe(true);
    expect(existsSync(join(webDir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(webDir, 'favicon.svg.br'))).toBe(false);
    expect(existsSync(join(webDir, 'assets', 'index-Ab12Cd34.js.map.br'))).toBe(false);
  });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, plain text otherwise', async () => {
    const path = '/assets/index-Ab12Cd34.js';
    const br = await get(production, path, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await get(production, path, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await get(production, path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('caches hashed assets for a year (immutable), and revalidates index.html on every visit', async () => {
    const script = await get(production, '/assets/index-Ab12Cd34.js', 'br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const path of ['/', '/login', '/projects/12/folders/3']) {
      const page = await get(production, path, 'gzip, deflate, br');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.body).toString()).toBe(INDEX);
    }

    const icon = await get(production, '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never serves a source map in production; development still does', async () => {
    expect((await get(production, '/assets/index-Ab12Cd34.js.map')).status).toBe(404);
    expect((await get(production, '/assets/index-Ab12Cd34.js.map', 'br')).status).toBe(404);
    expect((await get(development, '/assets/index-Ab12Cd34.js.map')).status).toBe(200);
  });

  it('answers 404, not the page, for compressed copies by name and for a script that is not there', async () => {
    expect((await get(production, '/assets/index-Ab12Cd34.js.br')).status).toBe(404);
    expect((await get(production, '/assets/index-Ab12Cd34.js.gz')).status).toBe(404);
    const missing = await get(production, '/assets/index-Old00000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/text\/html/);
  });
});
