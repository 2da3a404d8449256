import type { Linter } from 'eslint';

/** The project's lint configuration (eslint.config.js), read by server/db/dataAccessLint.test.ts. */
declare const config: Linter.Config[];
export default config;
