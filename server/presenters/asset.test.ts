import { describe, expect, it } from 'vitest';
import { assetMarks } from './asset';

const ME = 1;
const OTHER = 2;
const base = {
  created_at: '2026-11-21T10:00:00.000Z',
  created_by_id: OTHER,
  round_added_at: '2026-11-21T10:00:00.000Z',
  round_added_by_id: OTHER,
  name_changed_at: null,
  name_changed_by_id: null,
  label_changed_at: null,
  label_changed_by_id: null,
};
const on = (marks: ReturnType<typeof assetMarks>) =>
  Object.entries(marks)
    .filter(([, value]) => value)
    .map(([name]) => name);

describe('assetMarks', () => {
  it('makes an asset never seen new to all but its uploader, with no change marks of its own', () => {
    const renamed = { ...base, name_changed_at: '2026-11-21T11:00:00.000Z', name_changed_by_id: OTHER };
    expect(on(assetMarks(renamed, ME, undefined))).toEqual(['is_new_for_current_user']);
    expect(on(assetMarks({ ...renamed, created_by_id: ME }, ME, undefined))).toEqual([
      'has_new_name_for_current_user',
    ]);
  });

  it('counts a change made strictly after the last sight, by someone else or a deleted user', () => {
    const seen = '2026-11-21T12:00:00.000Z';
    const at = (time: string, by: number | null) => ({
      ...base,
      round_added_at: time,
      round_added_by_id: by,
      label_changed_at: time,
      label_changed_by_id: by,
    });
    expect(on(assetMarks(at('2026-11-21T12:00:00.000Z', OTHER), ME, seen))).toEqual([]);
    expect(on(assetMarks(at('2026-11-21T12:00:00.001Z', ME), ME, seen))).toEqual([]);
    expect(on(assetMarks(at('2026-11-21T12:00:00.001Z', null), ME, seen))).toEqual([
      'has_rounds_unseen_by_current_user',
      'has_new_label_for_current_user',
    ]);
  });
});
