import { extensionOf, type AssetView } from '../api/assets';
import { decisionCounts } from '../api/decisions';
import { plural } from '../text';

/** What a tile's preview says when it has no picture to show, or a damaged one. */
export const PREVIEW_TEXTS = {
  processing: 'Processing preview',
  failed: 'No preview',
  damaged: 'Damaged file',
} as const;

type Described = Pick<
  AssetView,
  | 'name'
  | 'approve'
  | 'rush_priority'
  | 'label'
  | 'unresolved_comments_count'
  | 'current_version'
  | 'is_new_for_current_user'
  | 'has_rounds_unseen_by_current_user'
  | 'has_new_name_for_current_user'
  | 'has_new_label_for_current_user'
  | 'is_processing'
  | 'kind'
  | 'asset_versions_count'
> &
  Partial<Pick<AssetView, 'decisions'>>;

/**
 * The words a tile's preview shows, in its order: the processing note; 'No preview' and why; a
 * document's extension in place of a picture; 'Damaged file' over a picture that decoded in part.
 */
export function previewWords(asset: Described): string[] {
  const round = asset.current_version;
  if (round.preview_state === 'processing' || asset.is_processing) return [PREVIEW_TEXTS.processing];
  if (round.preview_state === 'failed' || !round.thumbnail_url) {
    if (asset.kind === 'document' && round.preview_state !== 'failed')
      return [extensionOf(asset.name).toUpperCase() || 'FILE'];
    return [PREVIEW_TEXTS.failed, ...(round.preview_error ? [round.preview_error] : [])];
  }
  return round.preview_error ? [PREVIEW_TEXTS.damaged] : [];
}

/** The 'new' marks of §3 an asset carries for the user, as short words, most important first. */
export function newMarks(asset: Described): string[] {
  if (asset.is_new_for_current_user) return ['new'];
  const marks: string[] = [];
  if (asset.has_rounds_unseen_by_current_user) marks.push('new round');
  if (asset.has_new_name_for_current_user) marks.push('renamed');
  if (asset.has_new_label_for_current_user) marks.push('new label');
  return marks;
}

/** The reviewers' decisions on the current round, in words: '2 reviewers approved', '1 asked for changes'. */
export function decisionWords(asset: Partial<Pick<AssetView, 'decisions'>>): string[] {
  const counts = decisionCounts(asset.decisions ?? []);
  const words: string[] = [];
  if (counts.approved > 0) words.push(`${plural(counts.approved, 'reviewer')} approved`);
  if (counts.changes_requested > 0) words.push(`${counts.changes_requested} asked for changes`);
  return words;
}

/**
 * A tile's accessible name: what a sighted reviewer reads off it at a glance, in one sentence
 * ('hero.jpg, Round 2, approved, rush priority, label Selects, 3 unresolved comments, new round').
 * The name, the round and the preview's words come first, in the tile's own order, so the visible
 * text is a part of the name as WCAG 2.5.3 asks; the tile draws the other marks for the eye only.
 */
export function describeAsset(asset: Described): string {
  const parts = [asset.name, `Round ${asset.current_version.number}`];
  if (asset.asset_versions_count > 1) parts.push(plural(asset.asset_versions_count, 'round'));
  parts.push(...previewWords(asset));
  parts.push(asset.approve === 'confirmed' ? 'approved' : 'not approved');
  if (asset.rush_priority) parts.push('rush priority');
  if (asset.label) parts.push(`label ${asset.label.name}`);
  if (asset.unresolved_comments_count > 0)
    parts.push(plural(asset.unresolved_comments_count, 'unresolved comment'));
  parts.push(...decisionWords(asset));
  parts.push(...newMarks(asset));
  return parts.join(', ');
}
