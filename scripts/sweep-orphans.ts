/**
 * Removes the stored files no row names, older than an hour (what the daily job
 * `storage.sweep_orphans` does), with the settings of the environment: `npm run sweep:orphans`.
 */
import { loadConfig } from '../server/config';
import { createContext } from '../server/context';

const ctx = createContext(loadConfig());
try {
  const result = await ctx.orphanSweep.run();
  console.log(`Checked ${result.checked} stored files; removed ${result.removed} no row names.`);
} finally {
  await ctx.db.destroy();
}
