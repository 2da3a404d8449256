import type { AssetRound, AssetView } from '@common/api/assets';
import type { AssetRow } from '../db/repositories/assets';
import type { AssetVersionRow } from '../db/repositories/assetVersions';

/** The rendition kinds a round serves, by the key column that holds each. */
export const RENDITIONS = {
  thumbnail: 'thumbnail_key',
  preview: 'preview_key',
  low_res: 'low_res_key',
} as const;
export type RenditionKind = keyof typeof RENDITIONS | 'original' | 'tiles';

/**
 * The address of a round's file. The round's storage folder (a random name per preview run) is in
 * it, so a new rendition has a new address and each can be kept by browsers for a year.
 */
export function renditionUrl(round: AssetVersionRow, kind: RenditionKind): string | null {
  const key =
    kind === 'original' ? round.original_key : kind === 'tiles' ? round.tiles_key : round[RENDITIONS[kind]];
  if (!key) return null;
  const token = key.split('/')[1] ?? '';
  const file = kind === 'tiles' ? 'tiles/image.dzi' : kind;
  return `/api/v1/renditions/${round.id}/${token}/${file}`;
}

export function presentRound(round: AssetVersionRow, uploaderName: string | null): AssetRound {
  const imageUrl = renditionUrl(round, 'preview');
  const thumbnailUrl = renditionUrl(round, 'thumbnail');
  return {
    id: round.id,
    asset_id: round.asset_id,
    number: round.number,
    image_url: imageUrl,
    thumbnail_url: thumbnailUrl,
    lqip_url: round.lqip,
    tiles_url: renditionUrl(round, 'tiles'),
    original_url: renditionUrl(round, 'original')!,
    uploader: { id: round.uploader_id, name: uploaderName },
    file_name: round.file_name,
    file_type: round.file_type,
    size_in_bytes: Number(round.size_bytes),
    width: round.width,
    height: round.height,
    page_count: round.page_count,
    preview_state: round.preview_state,
    preview_error: round.preview_error,
    // §3: processing while the image or thumbnail address is missing (a failed round has neither, and is not processing).
    is_processing: round.preview_state === 'processing',
    created_at: round.created_at,
  };
}

export function presentAsset(asset: AssetRow, current: AssetRound): AssetView {
  return {
    id: asset.id,
    project_id: asset.project_id,
    folder_id: asset.folder_id,
    name: asset.name,
    version_id: current.id,
    current_version: current,
    approve: asset.approve,
    kind: asset.kind,
    new_comments_count: 0,
    newly_approved_comments_count: 0,
    unresolved_comments_count: asset.unresolved_comments_count,
    has_rounds_unseen_by_current_user: false,
    is_new_for_current_user: false,
    has_new_name_for_current_user: false,
    has_new_label_for_current_user: false,
    rush_priority: asset.rush_priority_set_at !== null,
    has_comments: false,
    asset_versions_count: asset.versions_count,
    label: null,
    is_processing: current.is_processing,
    created_at: asset.created_at,
    updated_at: asset.updated_at,
    last_activity_at: asset.last_activity_at,
  };
}
