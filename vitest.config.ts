import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

/**
 * Three projects: pure unit tests beside the code, and the same API integration suite on
 * SQLite and on PostgreSQL (TEST_DB picks the database; see tests/api/harness.ts).
 * API test files build their own app on their own database, so they share a worker's loaded
 * modules (isolate: false), and run three at a time: much of their time is spent waiting on
 * HTTP and the database, even on two cores.
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'server/**/*.test.ts',
            'web/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/faults/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'api-sqlite',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          globalSetup: ['tests/storage/globalSetup.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
          isolate: false,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/storage/globalSetup.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
          isolate: false,
        },
      },
    ],
  },
});
