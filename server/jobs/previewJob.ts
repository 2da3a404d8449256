import type { JobDefinition } from '../adapters/queue/jobQueue';
import type { AssetPreviews } from '../services/assets/assetPreviews';

export const MAKE_PREVIEWS = 'previews.make';
const RETRY_LIMIT = 2;

/** A round's thumbnail, preview, low-res download, placeholder and tiles (server/services/assets/assetPreviews.ts). */
export function previewJob(previews: AssetPreviews): JobDefinition<{ versionId: number }> {
  return {
    name: MAKE_PREVIEWS,
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 10,
    timeLimitSeconds: 180,
    run: async ({ versionId }, job) => {
      try {
        await previews.make(versionId, job.signal);
      } catch (error) {
        // The last try: the round shows a failed state with a retry button rather than spin for ever.
        if (job.attempt > RETRY_LIMIT) await previews.giveUp(versionId);
        throw error;
      }
    },
  };
}
