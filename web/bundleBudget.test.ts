import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { LOGIN_BUDGET_BYTES, readManifest, routeBundle, ROUTE_MODULES } from '../scripts/bundleSizes';

/**
 * The login page's JavaScript stays within web.dev's critical-path budget: the production build
 * (made here into a temp folder) is read through its manifest, and the entry's static imports plus
 * the login route's are summed as gzip -9, what a browser on plain http:// gets (a self-hosted
 * install on a LAN: browsers send brotli only over HTTPS). A size check, not a timer.
 */
const outDir = mkdtempSync(join(tmpdir(), 'proofroom-budget-'));

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would make this a build of React's development copy.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(import.meta.dirname, '..', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: false, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 240_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('bundle budget', () => {
  it('splits the code by route: each screen and layout of the login path is a chunk of its own', () => {
    const manifest = readManifest(outDir);
    for (const module of ROUTE_MODULES.login ?? [])
      expect(manifest[module]?.isDynamicEntry, module).toBe(true);
  });

  it(`keeps the login page within ${LOGIN_BUDGET_BYTES / 1024} KB of JavaScript as gzip`, () => {
    const login = routeBundle(outDir, 'login', ROUTE_MODULES.login ?? []);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const figures = `login: ${kb(login.raw)} raw, ${kb(login.gzip)} gzip, ${kb(login.brotli)} brotli in ${login.files} files`;
    console.log(figures);
    expect(login.gzip, figures).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
    expect(login.brotli, figures).toBeLessThan(login.gzip);
  });

  it('keeps the list of projects out of the login page', () => {
    const login = routeBundle(outDir, 'login', ROUTE_MODULES.login ?? []);
    const projects = routeBundle(outDir, 'projects', ROUTE_MODULES.projects ?? []);
    expect(projects.raw - login.raw).toBeGreaterThan(200 * 1024);
  });
});
