import { describe, expect, it } from 'vitest';
import type { Label } from '@common/api/projects';
import {
  canReorder,
  cardMinWidth,
  DEFAULT_VIEW_OPTIONS,
  filterChips,
  listParams,
  reorder,
  withoutFilter,
} from './viewOptions';

describe('project list view options', () => {
  it('start at Priority, ascending, unfiltered, grid, size 50', () => {
    expect(DEFAULT_VIEW_OPTIONS).toEqual({
      view: 'grid',
      sort: 'priority',
      sort_ascending: true,
      filter: {},
      item_size: 50,
      show_archived: false,
    });
  });

  it('become the list call’s query, with the search trimmed', () => {
    expect(
      listParams(
        { ...DEFAULT_VIEW_OPTIONS, sort: 'name', sort_ascending: false, filter: { priority: true } },
        '  logo ',
      ),
    ).toEqual({ sort_by: 'name', sort_order: 'desc', filters: { priority: true }, q: 'logo' });
  });

  it('show active filters as chips with the spec’s role wording', () => {
    const labels = [{ id: 5, name: 'Urgent' }] as Label[];
    expect(
      filterChips({ priority: true, role: 'viewer', label_id: 5, unresolved_comments: false }, labels).map(
        (c) => c.label,
      ),
    ).toEqual(['Priority', "I'm View Only", 'Label: Urgent']);
    expect(withoutFilter({ priority: true, role: 'owner' }, 'role')).toEqual({ priority: true });
  });

  it('allow dragging only over the whole list', () => {
    expect(canReorder(DEFAULT_VIEW_OPTIONS, '')).toBe(true);
    expect(canReorder(DEFAULT_VIEW_OPTIONS, 'x')).toBe(false);
    expect(canReorder({ ...DEFAULT_VIEW_OPTIONS, filter: { new_assets: true } }, '')).toBe(false);
  });

  it('map the item size to a card width', () => {
    expect(cardMinWidth(0)).toBe(200);
    expect(cardMinWidth(50)).toBe(320);
    expect(cardMinWidth(100)).toBe(440);
    expect(cardMinWidth(400)).toBe(440);
  });

  it('move a dropped project to the place of the one it was dropped on', () => {
    expect(reorder([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(reorder([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(reorder([1, 2, 3], 9, 2)).toEqual([1, 2, 3]);
  });
});
