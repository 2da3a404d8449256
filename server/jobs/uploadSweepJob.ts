import type { JobDefinition } from '../adapters/queue/jobQueue';
import type { UploadSweep } from '../services/assets/uploadSweep';

export const SWEEP_UPLOADS = 'uploads.sweep';
/** Every ten minutes, once across instances. */
export const SWEEP_UPLOADS_CRON = '*/10 * * * *';

export function uploadSweepJob(sweep: UploadSweep): JobDefinition {
  return {
    name: SWEEP_UPLOADS,
    retryLimit: 0,
    timeLimitSeconds: 600,
    run: async () => {
      await sweep.run();
    },
  };
}
