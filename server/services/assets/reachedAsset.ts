import type { AssetRow } from '../../db/repositories/assets';
import type { SharedAssetsRepository } from '../../db/repositories/sharedAssets';
import { notFound } from '../../errors';
import { sharedLinkReaches } from '../../policies/sharedLinks';
import type { SharedProject } from '../../policies/sharedReach';

/**
 * An asset of a reached link, with a round, that the link shows (its project's; in a folder link's
 * folder; among a selection link's assets); 404 otherwise, another project's asset alike.
 */
export async function reachedAsset(
  sharedAssets: Pick<SharedAssetsRepository, 'findInProject'>,
  project: SharedProject,
  assetId: number,
): Promise<AssetRow> {
  const asset = await sharedAssets.findInProject(project.id, assetId);
  if (!asset || !sharedLinkReaches(project, asset)) throw notFound();
  return asset;
}
