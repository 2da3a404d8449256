import type { JobDefinition } from '../adapters/queue/jobQueue';
import type { OrphanSweep } from '../services/assets/orphanSweep';

export const SWEEP_ORPHANS = 'storage.sweep_orphans';
/** Daily, at a quiet hour, once across instances. */
export const SWEEP_ORPHANS_CRON = '17 4 * * *';

export function orphanSweepJob(sweep: OrphanSweep): JobDefinition {
  return {
    name: SWEEP_ORPHANS,
    retryLimit: 0,
    timeLimitSeconds: 3600,
    run: async () => {
      await sweep.run();
    },
  };
}
