import type { JobDefinition } from '../adapters/queue/jobQueue';
import { BUILD_ZIP, REMOVE_ZIP, type BuildZipPayload, type Downloads } from '../services/assets/downloads';

/**
 * A download too large to stream in one request: the zip is built on the files' disk, stored, and
 * its link e-mailed ('Your download is ready!'). Retried twice; an hour at most for one try.
 */
export function zipJob(downloads: Downloads): JobDefinition<BuildZipPayload> {
  return {
    name: BUILD_ZIP,
    retryLimit: 2,
    retryDelaySeconds: 30,
    timeLimitSeconds: 3600,
    run: async (payload, job) => {
      await downloads.buildMailArchive(payload, job.signal);
    },
  };
}

/** The sweep of an e-mailed zip: queued when it is made, due when its link has expired. */
export function removeZipJob(downloads: Downloads): JobDefinition<{ key: string }> {
  return {
    name: REMOVE_ZIP,
    retryLimit: 5,
    run: async ({ key }) => downloads.removeArchive(key),
  };
}
