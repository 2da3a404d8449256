import { isPagedFileType, type AssetRound, type AssetView } from '@common/api/assets';
import type { AssetDecisionView } from '@common/api/decisions';
import type { Label } from '@common/api/projects';
import type { AssetRow } from '../db/repositories/assets';
import type { AssetVersionRow } from '../db/repositories/assetVersions';
import type { AssetCommentFacts } from '../db/repositories/comments';
import type { Repositories } from '../db/repositories';
import { decisionsByRound } from './decision';
import { parseLabelsOrder, presentLabel } from './project';

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
export function renditionUrl(
  round: Pick<
    AssetVersionRow,
    'id' | 'original_key' | 'tiles_key' | (typeof RENDITIONS)[keyof typeof RENDITIONS]
  >,
  kind: RenditionKind,
): string | null {
  const key =
    kind === 'original' ? round.original_key : kind === 'tiles' ? round.tiles_key : round[RENDITIONS[kind]];
  if (!key) return null;
  const token = key.split('/')[1] ?? '';
  const file = kind === 'tiles' ? 'tiles/image.dzi' : kind;
  return `/api/v1/renditions/${round.id}/${token}/${file}`;
}

/** Whether the round's file has pages to browse (and a preview run whose folder holds them). */
export function hasPages(round: Pick<AssetVersionRow, 'file_type' | 'preview_state' | 'thumbnail_key'>) {
  return round.preview_state === 'ready' && round.thumbnail_key !== null && isPagedFileType(round.file_type);
}

/** The address of a document's page with `{page}` for its number (GET /renditions/…/pages/{n}). */
export function pageUrlTemplate(round: AssetVersionRow): string | null {
  if (!hasPages(round)) return null;
  const token = round.thumbnail_key!.split('/')[1] ?? '';
  return `/api/v1/renditions/${round.id}/${token}/pages/{page}`;
}

/** A round's file and how its preview went: the same for members and for a link's viewers. */
export function presentRoundFile(round: AssetVersionRow) {
  return {
    file_name: round.file_name,
    file_type: round.file_type,
    size_in_bytes: Number(round.size_bytes),
    width: round.width,
    height: round.height,
    page_count: round.page_count,
    preview_state: round.preview_state,
    preview_error: round.preview_error,
  } satisfies Partial<AssetRound>;
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
    page_url_template: pageUrlTemplate(round),
    original_url: renditionUrl(round, 'original')!,
    uploader: { id: round.uploader_id, name: uploaderName },
    ...presentRoundFile(round),
    // §3: processing while the image or thumbnail address is missing (a failed round has neither, and is not processing).
    is_processing: round.preview_state === 'processing',
    created_at: round.created_at,
  };
}

/** What a user has not seen of an asset yet (projects-side §3, §4 'Seen'). */
export interface AssetMarks {
  is_new_for_current_user: boolean;
  has_rounds_unseen_by_current_user: boolean;
  has_new_name_for_current_user: boolean;
  has_new_label_for_current_user: boolean;
}

type MarkedColumns =
  | 'created_at'
  | 'created_by_id'
  | 'round_added_at'
  | 'round_added_by_id'
  | 'name_changed_at'
  | 'name_changed_by_id'
  | 'label_changed_at'
  | 'label_changed_by_id';

/**
 * An asset is new to a user who never saw it and did not upload it. Otherwise a newer round, name
 * or label is news when someone else made it after the user last saw the asset (their own upload
 * counts as seen then). A new asset is news as a whole, so it carries no change marks of its own.
 * ISO timestamps of one format compare as strings.
 */
export function assetMarks(
  asset: Pick<AssetRow, MarkedColumns>,
  userId: number,
  lastSeenAt: string | undefined,
): AssetMarks {
  const isNew = lastSeenAt === undefined && asset.created_by_id !== userId;
  const since = lastSeenAt ?? asset.created_at;
  const changedByOther = (at: string | null, by: number | null) =>
    !isNew && at !== null && by !== userId && at > since;
  return {
    is_new_for_current_user: isNew,
    has_rounds_unseen_by_current_user: changedByOther(asset.round_added_at, asset.round_added_by_id),
    has_new_name_for_current_user: changedByOther(asset.name_changed_at, asset.name_changed_by_id),
    has_new_label_for_current_user: changedByOther(asset.label_changed_at, asset.label_changed_by_id),
  };
}

export function presentAsset(
  asset: AssetRow,
  current: AssetRound,
  marks: AssetMarks,
  label: Label | null,
  comments: Pick<AssetCommentFacts, 'newCount' | 'newlyApprovedCount' | 'hasComments'> = NO_COMMENTS,
  decisions: AssetDecisionView[] = [],
): AssetView {
  return {
    id: asset.id,
    project_id: asset.project_id,
    folder_id: asset.folder_id,
    name: asset.name,
    version_id: current.id,
    current_version: current,
    approve: asset.approve,
    kind: asset.kind,
    new_comments_count: comments.newCount,
    newly_approved_comments_count: comments.newlyApprovedCount,
    unresolved_comments_count: asset.unresolved_comments_count,
    ...marks,
    rush_priority: asset.rush_priority_set_at !== null,
    has_comments: comments.hasComments,
    asset_versions_count: asset.versions_count,
    label,
    is_processing: current.is_processing,
    decisions,
    created_at: asset.created_at,
    updated_at: asset.updated_at,
    last_activity_at: asset.last_activity_at,
  };
}

const NO_COMMENTS = { newCount: 0, newlyApprovedCount: 0, hasComments: false };

/**
 * Presents assets for one user in a fixed four queries whatever their number: the current rounds
 * with their uploaders, the labels, the user's last sight of each asset with its comments' facts,
 * and the reviewers' decisions on the current rounds.
 */
export class AssetPresenter {
  constructor(private readonly read: Pick<Repositories, 'assets' | 'comments' | 'assetDecisions'>) {}

  async many(assets: AssetRow[], userId: number): Promise<AssetView[]> {
    if (assets.length === 0) return [];
    const ids = assets.map((a) => a.id);
    const versionIds = assets.map((a) => a.current_version_id).filter((id): id is number => id !== null);
    const [rounds, labels, facts, decisionRows] = await Promise.all([
      this.read.assets.roundsWithUploader(versionIds),
      this.read.assets.labelsOf(ids),
      this.read.comments.assetFacts(userId, ids),
      this.read.assetDecisions.forRounds(versionIds),
    ]);
    const decisions = decisionsByRound(decisionRows);
    const current = new Map(rounds.map((r) => [r.id, presentRound(r, r.uploader_name)]));
    // An asset whose first round is still being written has no current round yet: it is not shown.
    return assets.flatMap((asset) => {
      const round = asset.current_version_id === null ? undefined : current.get(asset.current_version_id);
      if (!round) return [];
      const labelled = labels.get(asset.id);
      const label = labelled ? presentLabel(labelled.label, parseLabelsOrder(labelled.labelsOrder)) : null;
      const fact = facts.get(asset.id);
      const marks = assetMarks(asset, userId, fact?.lastSeenAt);
      return [presentAsset(asset, round, marks, label, fact, decisions.get(round.id) ?? [])];
    });
  }

  async one(asset: AssetRow, userId: number): Promise<AssetView | undefined> {
    return (await this.many([asset], userId))[0];
  }
}
