import {
  assetsViewOptionsSchema,
  type AssetFilters,
  type AssetsViewOptions,
  type AssetSort,
  type SortOrder,
} from '../api/assetLists';
import { ASSET_DECISION_LABELS } from '../api/decisions';
import type { Label } from '../api/projects';

/** The options of a user who never changed any (§3: priority, ascending, no filter, size 50). */
export const DEFAULT_ASSET_VIEW: AssetsViewOptions = assetsViewOptionsSchema.parse({});

/** What an asset list is asked for, from the saved options. */
export function listParams(options: AssetsViewOptions): {
  sort_by: AssetSort;
  sort_order: SortOrder;
  filters: AssetFilters;
} {
  return {
    sort_by: options.sort,
    sort_order: options.sort_ascending ? 'asc' : 'desc',
    filters: options.filter,
  };
}

export interface AssetFilterChip {
  key: keyof AssetFilters;
  label: string;
}

/** The active filters as removable chips, in the menu's order. Empty lists filter nothing. */
export function assetFilterChips(filter: AssetFilters, labels: readonly Label[]): AssetFilterChip[] {
  const chips: AssetFilterChip[] = [];
  if (filter.approve === 'confirmed') chips.push({ key: 'approve', label: 'Approved' });
  if (filter.approve === 'pending') chips.push({ key: 'approve', label: 'Not approved' });
  if (filter.priority) chips.push({ key: 'priority', label: 'Rush priority' });
  if (filter.unresolved_comments) chips.push({ key: 'unresolved_comments', label: 'Unresolved comments' });
  if (filter.decision === 'changes_requested')
    chips.push({ key: 'decision', label: ASSET_DECISION_LABELS.changes_requested });
  if (filter.new_for_me) chips.push({ key: 'new_for_me', label: 'New for me' });
  if (filter.kind) chips.push({ key: 'kind', label: filter.kind === 'image' ? 'Images' : 'Documents' });
  if (filter.label_ids?.length) {
    const names = filter.label_ids.map((id) => labels.find((l) => l.id === id)?.name ?? 'unknown');
    chips.push({ key: 'label_ids', label: `Label: ${names.join(', ')}` });
  }
  if (filter.file_types?.length)
    chips.push({
      key: 'file_types',
      label: `Type: ${filter.file_types.map((t) => t.toUpperCase()).join(', ')}`,
    });
  return chips;
}

export function withoutAssetFilter(filter: AssetFilters, key: keyof AssetFilters): AssetFilters {
  const next = { ...filter };
  delete next[key];
  return next;
}

export function hasAssetFilters(filter: AssetFilters): boolean {
  return assetFilterChips(filter, []).length > 0;
}
