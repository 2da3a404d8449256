import { describe, expect, it } from 'vitest';
import type { Label } from '../api/projects';
import {
  assetFilterChips,
  DEFAULT_ASSET_VIEW,
  hasAssetFilters,
  listParams,
  withoutAssetFilter,
} from './viewOptions';

const label = (id: number, name: string) => ({ id, name }) as Label;

describe('DEFAULT_ASSET_VIEW and listParams', () => {
  it('sorts by priority, ascending, unfiltered, at item size 50 (§3)', () => {
    expect(DEFAULT_ASSET_VIEW).toMatchObject({
      sort: 'priority',
      sort_ascending: true,
      filter: {},
      item_size: 50,
    });
    expect(listParams(DEFAULT_ASSET_VIEW)).toEqual({ sort_by: 'priority', sort_order: 'asc', filters: {} });
  });

  it('asks descending when the user turned the direction', () => {
    expect(listParams({ ...DEFAULT_ASSET_VIEW, sort: 'file_name', sort_ascending: false })).toMatchObject({
      sort_by: 'file_name',
      sort_order: 'desc',
    });
  });
});

describe('assetFilterChips', () => {
  it('names each active filter, the labels by name', () => {
    const chips = assetFilterChips(
      {
        approve: 'pending',
        priority: true,
        decision: 'changes_requested',
        label_ids: [2, 9],
        kind: 'image',
        file_types: ['jpeg'],
      },
      [label(2, 'Selects'), label(3, 'Retouch')],
    );
    expect(chips.map((c) => c.label)).toEqual([
      'Not approved',
      'Rush priority',
      'Changes requested',
      'Images',
      'Label: Selects, unknown',
      'Type: JPEG',
    ]);
  });

  it('ignores filters that filter nothing', () => {
    expect(assetFilterChips({ priority: false, label_ids: [], file_types: [] }, [])).toEqual([]);
    expect(hasAssetFilters({ priority: false })).toBe(false);
    expect(hasAssetFilters({ new_for_me: true })).toBe(true);
    expect(hasAssetFilters({ decision: 'changes_requested' })).toBe(true);
  });
});

describe('withoutAssetFilter', () => {
  it('takes one filter off and leaves the rest', () => {
    expect(withoutAssetFilter({ approve: 'confirmed', priority: true }, 'approve')).toEqual({
      priority: true,
    });
  });
});
