import { closeConverters, renderPreviews } from '../media/previews';
import { drawPage, pagedSource } from '../media/previews';
import { RoundPages } from '../services/assets/roundPages';
import { MAKE_PREVIEWS } from '../jobs/previewJob';
import type { AssetVersionRow } from '../db/repositories/assetVersions';
import { AssetPresenter } from '../presenters/asset';
import { AssetAccess } from '../services/assets/assetAccess';
import { AssetActions } from '../services/assets/assetActions';
import { AssetDecisions } from '../services/assets/assetDecisions';
import { GuestDecisions } from '../services/assets/guestDecisions';
import { AssetLists } from '../services/assets/assetLists';
import { AssetPreviews } from '../services/assets/assetPreviews';
import { AssetsViewOptionsService } from '../services/assets/assetsViewOptions';
import { AssetUploads } from '../services/assets/assetUploads';
import { AssetService } from '../services/assets/assets';
import { Downloads } from '../services/assets/downloads';
import { SharedAssetService } from '../services/assets/sharedAssets';
import { StorageRoom } from '../services/assets/storageRoom';
import { UploadRevocation } from '../services/assets/uploadRevocation';
import { UploadSweep } from '../services/assets/uploadSweep';
import { OrphanSweep } from '../services/assets/orphanSweep';
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
  /** Room in a workspace's storage, for every way bytes come in. */
  const storageRoom = new StorageRoom(uow, workspaceAccess);
  const assetUploads = new AssetUploads(uow, projectAccess, storageRoom, storage, queuePreview, clock);
  const uploadRevocation = new UploadRevocation(uow, projectAccess, p.uploadPlaces, clock);
  const assetAccess = new AssetAccess(uow, projectAccess);
  /** Assets as one user sees them, with their 'new' marks, a page at a time. */
  const assetPresenter = new AssetPresenter(uow.read);
  const removeRounds = (rounds: AssetVersionRow[], otherKeys?: string[]) =>
    projectFiles.removeRounds(rounds, otherKeys);
  const assetsViewOptions = new AssetsViewOptionsService(uow.read.users);
  const assetDecisions = new AssetDecisions(uow, assetAccess, clock);
  return {
    /** GET /projects/{id}/assets and /folders/{id}/assets; the project's manual order of assets. */
    assetLists: new AssetLists(uow, projectAccess, assetPresenter, assetsViewOptions),
    /** Each user's sort, filter, item size and grid or list of asset lists. */
    assetsViewOptions,
    /** Every upload's checks, and the asset or round it becomes. */
    assetUploads,
    storageRoom,
    /** Each PATCH's check that the uploader may still upload; ends the uploads of members who lost the right. */
    uploadRevocation,
    assetAccess,
    assetPresenter,
    assets: new AssetService(
      uow,
      projectAccess,
      assetAccess,
      assetPresenter,
      removeRounds,
      queuePreview,
      clock,
    ),
    assetActions: new AssetActions(uow, assetAccess, projectAccess, assetPresenter, removeRounds, clock),
    /** Each member's and guest's own decision on an asset's current round (issue 26 item 3). */
    assetDecisions,
    /** A guest's own decision through a review link. */
    guestDecisions: new GuestDecisions(uow, assetDecisions),
    assetPreviews: new AssetPreviews(uow, storage, renderPreviews, config.uploads.dir, clock, log),
    /** A document's pages past the first, drawn on first request and kept (bounded, coalesced). */
    roundPages: new RoundPages(storage, { pagedSource, drawPage }, config.uploads.dir, log),
    /** Files and zips for members and public links: streamed at once, or built by a job and e-mailed. */
    downloads: new Downloads(
      { uow, projectAccess, storage, jobs, mailer: p.mailer, clock, config, log },
      config.downloads.directMaxBytes,
    ),
    /** The assets of a public link's project, as its anonymous viewers see them. */
    sharedAssets: new SharedAssetService(uow),
    queuePreview,
    /** Ends the converters kept warm between preview jobs (on shutdown, after the jobs stopped). */
    closeConverters,
    /** Stored files no row names (daily, and `npm run sweep:orphans`). */
    orphanSweep: new OrphanSweep(uow, storage, clock, log),
    uploadSweep: new UploadSweep(
      uow,
      assetUploads,
      p.uploadPlaces,
      config.uploads.dir,
      config.uploads.expiryMs,
      clock,
      log,
    ),
  };
}
