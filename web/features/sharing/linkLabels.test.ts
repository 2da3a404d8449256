import { describe, expect, it } from 'vitest';
import {
  kindDescription,
  linkFacts,
  linkScopeLabel,
  targetLine,
  targetOfLink,
  targetWords,
} from './linkLabels';

const plain = {
  kind: 'view' as const,
  downloadable: false,
  show_comments: false,
  has_password: false,
  expires_at: null,
  guests_count: 0,
};
const now = new Date('2026-11-29T12:00:00Z');

describe('link scope labels', () => {
  it('names what a listed link opens', () => {
    expect(linkScopeLabel({ scope: 'project', folder_name: null, asset_ids: [] })).toBe('Whole project');
    expect(linkScopeLabel({ scope: 'folder', folder_name: 'Hero shots', asset_ids: [] })).toBe(
      'Folder: Hero shots',
    );
    expect(linkScopeLabel({ scope: 'assets', folder_name: null, asset_ids: [1, 2, 3] })).toBe('3 assets');
    expect(linkScopeLabel({ scope: 'assets', folder_name: null, asset_ids: [1] })).toBe('1 asset');
  });

  it('cuts a long folder name and names a folder gone since', () => {
    const long = linkScopeLabel({ scope: 'folder', folder_name: 'x'.repeat(80), asset_ids: [] });
    expect(long.length).toBeLessThanOrEqual('Folder: '.length + 40);
    expect(long.endsWith('…')).toBe(true);
    expect(linkScopeLabel({ scope: 'folder', folder_name: null, asset_ids: [] })).toBe(
      'Folder: a deleted folder',
    );
  });

  it('names the new link’s target in the title line and the kind’s sentence', () => {
    expect(targetLine({ scope: 'project' })).toBe('The whole project');
    expect(targetLine({ scope: 'folder', folderId: 1, folderName: 'Hero shots' })).toBe('Folder: Hero shots');
    expect(targetLine({ scope: 'assets', assetIds: [1, 2, 2] })).toBe('2 selected assets');
    expect(targetLine({ scope: 'assets', assetIds: [1] })).toBe('1 selected asset');
    expect(targetWords({ scope: 'assets', assetIds: [5] })).toBe('this asset');
    expect(kindDescription('view', { scope: 'assets', assetIds: [1, 2, 3] })).toContain(
      'can see these 3 assets without an account',
    );
    expect(kindDescription('review', { scope: 'folder', folderId: 1, folderName: 'Hero shots' })).toContain(
      'comment on the folder “Hero shots”, draw on the assets',
    );
  });
});

describe('link facts', () => {
  it('says nothing for a plain view link', () => {
    expect(linkFacts(plain, now)).toEqual([]);
  });

  it('lists the options in order, and a review link’s guests', () => {
    const full = {
      ...plain,
      kind: 'review' as const,
      downloadable: true,
      show_comments: true,
      has_password: true,
      expires_at: '2030-05-04T12:00:00.000Z',
      guests_count: 1,
    };
    expect(linkFacts(full, now)).toEqual([
      'Downloads allowed',
      'Comments shown',
      'Password',
      'Until 4 May 2030',
      '1 guest',
    ]);
    expect(linkFacts({ ...full, guests_count: 3 }, now).at(-1)).toBe('3 guests');
  });

  it('says a link past its expiry has expired', () => {
    expect(linkFacts({ ...plain, expires_at: '2026-11-28T22:59:59.999Z' }, now)).toEqual(['Expired']);
  });
});

describe('a listed link in words', () => {
  it('says what it opens as the revoke box reads it', () => {
    const base = { folder_id: null, folder_name: null, asset_ids: [] };
    expect(targetWords(targetOfLink({ ...base, scope: 'project' }))).toBe('this project');
    expect(
      targetWords(targetOfLink({ ...base, scope: 'folder', folder_id: 3, folder_name: 'Hero shots' })),
    ).toBe('the folder “Hero shots”');
    expect(targetWords(targetOfLink({ ...base, scope: 'assets', asset_ids: [1, 2] }))).toBe('these 2 assets');
  });
});
