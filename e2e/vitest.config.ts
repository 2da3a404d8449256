import { defineConfig } from 'vitest/config';
import { aliases } from '../vite.config';

/**
 * Browser journeys: the built web app (run `npx vite build` first) served by the real server
 * in-process, driven by Debian's Chromium through playwright-core. One file at a time.
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
