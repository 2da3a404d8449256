import { defineConfig } from 'vitest/config';
import { aliases } from '../vite.config';

/**
 * Browser journeys: the built web app (run `npx vite build` first) served by the real server
 * in-process, driven by Debian's Chromium through playwright-core. Two files at a time, each with
 * its own server, database and browser: much of a journey is waiting on the server, the network
 * throttle or the converters, so two share the 2 cores of the reference machine well. The files of
 * a worker share its loaded modules (isolate: false), so the server and Playwright are imported
 * once a worker, not once a file.
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    isolate: false,
    // A journey is many steps, each bounded by its own 10 s wait: the whole is given room for a slow
    // machine (two files at once on two cores; this VM ran everything at half speed one day).
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // expect.poll waits on the page as long as a Playwright wait does (harness.ts: 10 s), not
    // Vitest's 1 s: a reload on a loaded machine takes more than a second to show what it reads.
    expect: { poll: { timeout: 10_000 } },
  },
});
