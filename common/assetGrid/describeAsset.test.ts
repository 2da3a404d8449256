import { describe, expect, it } from 'vitest';
import type { AssetView } from '../api/assets';
import { describeAsset, newMarks, previewWords } from './describeAsset';

const base = {
  name: 'hero.jpg',
  approve: 'pending',
  rush_priority: false,
  label: null,
  unresolved_comments_count: 0,
  kind: 'image',
  asset_versions_count: 1,
  current_version: { number: 1, preview_state: 'ready', thumbnail_url: '/t.jpg', preview_error: null },
  is_new_for_current_user: false,
  has_rounds_unseen_by_current_user: false,
  has_new_name_for_current_user: false,
  has_new_label_for_current_user: false,
  is_processing: false,
} as unknown as AssetView;

describe('describeAsset', () => {
  it('reads a plain asset as name, round and approval', () => {
    expect(describeAsset(base)).toBe('hero.jpg, Round 1, not approved');
  });

  it('reads every mark a tile shows', () => {
    const asset = {
      ...base,
      approve: 'confirmed',
      rush_priority: true,
      label: { name: 'Selects' },
      unresolved_comments_count: 3,
      current_version: { ...base.current_version, number: 2 },
      asset_versions_count: 2,
      has_rounds_unseen_by_current_user: true,
      has_new_label_for_current_user: true,
    } as unknown as AssetView;
    expect(describeAsset(asset)).toBe(
      'hero.jpg, Round 2, 2 rounds, approved, rush priority, label Selects, 3 unresolved comments, new round, new label',
    );
  });

  it('counts the reviewers’ decisions on the current round, after the comments', () => {
    const by = (decision: string) => ({ reviewer: { name: 'x' }, decision });
    const asset = {
      ...base,
      decisions: [by('approved'), by('changes_requested'), by('approved')],
    } as unknown as AssetView;
    expect(describeAsset(asset)).toBe(
      'hero.jpg, Round 1, not approved, 2 reviewers approved, 1 asked for changes',
    );
    const one = { ...base, decisions: [by('approved')] } as unknown as AssetView;
    expect(describeAsset(one)).toBe('hero.jpg, Round 1, not approved, 1 reviewer approved');
    expect(describeAsset({ ...base, decisions: [] })).toBe('hero.jpg, Round 1, not approved');
  });

  it('says one unresolved comment in the singular, and what the preview says after the name', () => {
    const asset = { ...base, unresolved_comments_count: 1, is_processing: true } as AssetView;
    expect(describeAsset(asset)).toBe(
      'hero.jpg, Round 1, Processing preview, not approved, 1 unresolved comment',
    );
  });
});

describe('newMarks', () => {
  it('says new alone for an asset the user never saw, whatever else changed', () => {
    expect(newMarks({ ...base, is_new_for_current_user: true, has_new_name_for_current_user: true })).toEqual(
      ['new'],
    );
  });

  it('lists the changes since the last sight', () => {
    expect(newMarks({ ...base, has_new_name_for_current_user: true })).toEqual(['renamed']);
    expect(newMarks(base)).toEqual([]);
  });
});

describe('previewWords', () => {
  const round = base.current_version;
  const withRound = (changes: object, kind = 'image') =>
    ({ ...base, kind, current_version: { ...round, ...changes } }) as AssetView;

  it('says nothing over a good picture, and that a partly decoded one is damaged', () => {
    expect(previewWords(base)).toEqual([]);
    expect(previewWords(withRound({ preview_error: 'Truncated JPEG' }))).toEqual(['Damaged file']);
  });

  it('says why there is no preview, and shows a document without one by its extension', () => {
    expect(
      previewWords(withRound({ preview_state: 'failed', thumbnail_url: null, preview_error: 'No pixels' })),
    ).toEqual(['No preview', 'No pixels']);
    expect(previewWords({ ...withRound({ thumbnail_url: null }, 'document'), name: 'brief.docx' })).toEqual([
      'DOCX',
    ]);
  });

  it('says a round is processing until its preview exists', () => {
    expect(previewWords(withRound({ preview_state: 'processing' }))).toEqual(['Processing preview']);
  });
});
