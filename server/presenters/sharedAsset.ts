import type { SharedAsset, SharedRound } from '@common/api/sharedAssets';
import type { AssetRow } from '../db/repositories/assets';
import type { AssetVersionRow } from '../db/repositories/assetVersions';
import type { ProjectRow } from '../db/repositories/projects';
import { pageUrlTemplate, presentRoundFile, renditionUrl, type RenditionKind } from './asset';

const MEMBER_PREFIX = '/api/v1/renditions/';

/**
 * A round's file through a public link: the members' address with the link's prefix, so both
 * name the same file of the same preview run (GET /shared/{hash}/renditions/…). The shared
 * route checks the link, the round (latest only) and the original (downloadable links only).
 */
export function sharedRenditionUrl(
  shareHash: string,
  round: AssetVersionRow,
  kind: RenditionKind | 'pages',
): string | null {
  return sharedAddress(shareHash, kind === 'pages' ? pageUrlTemplate(round) : renditionUrl(round, kind));
}

/**
 * A members' rendition address as the viewers of a link fetch it (a folder card's previews too):
 * the same file behind the link's check; null for anything that is not a round's file.
 */
export function sharedAddress(shareHash: string, memberUrl: string | null): string | null {
  if (!memberUrl?.startsWith(MEMBER_PREFIX)) return null;
  return `/api/v1/shared/${encodeURIComponent(shareHash)}/renditions/${memberUrl.slice(MEMBER_PREFIX.length)}`;
}

/** The latest round as a link's viewers see it: the original only when the link allows downloads. */
export function presentSharedRound(project: ProjectRow, round: AssetVersionRow): SharedRound {
  const hash = project.share_hash ?? '';
  return {
    id: round.id,
    number: round.number,
    ...presentRoundFile(round),
    image_url: sharedRenditionUrl(hash, round, 'preview'),
    thumbnail_url: sharedRenditionUrl(hash, round, 'thumbnail'),
    lqip_url: round.lqip,
    tiles_url: sharedRenditionUrl(hash, round, 'tiles'),
    page_url_template: sharedRenditionUrl(hash, round, 'pages'),
    original_url: project.share_hash_downloadable === 1 ? sharedRenditionUrl(hash, round, 'original') : null,
    created_at: round.created_at,
  };
}

export function presentSharedAsset(
  project: ProjectRow,
  asset: AssetRow,
  round: AssetVersionRow,
): SharedAsset {
  return {
    id: asset.id,
    project_id: asset.project_id,
    folder_id: asset.folder_id,
    name: asset.name,
    kind: asset.kind,
    version_id: round.id,
    current_version: presentSharedRound(project, round),
    created_at: asset.created_at,
    updated_at: asset.updated_at,
  };
}
