import { closeConverters, renderPreviews } from '../media/previews';
import { MAKE_PREVIEWS } from '../jobs/previewJob';
import { AssetPreviews } from '../services/assetPreviews';
import { AssetUploads } from '../services/assetUploads';
import { AssetService } from '../services/assets';
import { UploadSweep } from '../services/uploadSweep';
import type { Platform } from './platform';
import type { ProjectServices } from './projects';
import type { WorkspaceServices } from './workspaces';

export type AssetServices = ReturnType<typeof assetServices>;

/** Assets: uploads (tus and multipart), rounds, previews, and the sweep of uploads left behind. */
export function assetServices(
  p: Platform,
  { projectAccess }: Pick<ProjectServices, 'projectAccess'>,
  { workspaceAccess, projectFiles }: Pick<WorkspaceServices, 'workspaceAccess' | 'projectFiles'>,
) {
  const { uow, clock, config, storage, jobs, log } = p;
  const queuePreview = async (versionId: number) => {
    await jobs.send(MAKE_PREVIEWS, { versionId }, { singletonKey: String(versionId) });
  };
  const assetUploads = new AssetUploads(uow, projectAccess, workspaceAccess, storage, queuePreview, clock);
  return {
    /** Every upload's checks, and the asset or round it becomes. */
    assetUploads,
    assets: new AssetService(
      uow,
      projectAccess,
      (rounds) => projectFiles.removeRounds(rounds),
      queuePreview,
      clock,
    ),
    assetPreviews: new AssetPreviews(uow, storage, renderPreviews, config.uploads.dir, clock, log),
    queuePreview,
    /** Ends the converters kept warm between preview jobs (on shutdown, after the jobs stopped). */
    closeConverters,
    uploadSweep: new UploadSweep(uow, assetUploads, config.uploads.dir, config.uploads.expiryMs, clock, log),
  };
}
