import { describe, expect, it } from 'vitest';
import {
  assetInReach,
  folderInReach,
  listingOf,
  liveNewsOf,
  liveSubjectInReach,
  neighbourListingOf,
  wholeReachOf,
} from './sharedReach';

const reach = (
  scope: 'project' | 'folder' | 'assets',
  extra: { folder_id?: number; asset_ids?: number[] } = {},
) => ({
  share_link: {
    id: 1,
    kind: 'view' as const,
    scope,
    folder_id: extra.folder_id ?? null,
    asset_ids: extra.asset_ids ?? [],
  },
});
const publicLink = { share_link: null };
const folderLink = reach('folder', { folder_id: 7 });
const selection = reach('assets', { asset_ids: [3, 5] });

describe('what a link reaches', () => {
  it('reaches every asset and folder through the public link and a project link', () => {
    for (const project of [publicLink, reach('project')]) {
      expect(assetInReach(project, { id: 1, folder_id: null })).toBe(true);
      expect(folderInReach(project, 9)).toBe(true);
      expect(listingOf(project, 9)).toEqual({ folderId: 9 });
      expect(wholeReachOf(project)).toEqual({ kind: 'project' });
    }
  });

  it("reaches a folder link's folder and its assets only, its root being the folder", () => {
    expect(assetInReach(folderLink, { id: 1, folder_id: 7 })).toBe(true);
    expect(assetInReach(folderLink, { id: 1, folder_id: 8 })).toBe(false);
    expect(assetInReach(folderLink, { id: 1, folder_id: null })).toBe(false);
    expect(folderInReach(folderLink, 7)).toBe(true);
    expect(folderInReach(folderLink, 8)).toBe(false);
    expect(listingOf(folderLink, null)).toEqual({ folderId: 7 });
    expect(listingOf(folderLink, 7)).toEqual({ folderId: 7 });
    expect(() => listingOf(folderLink, 8)).toThrow(expect.objectContaining({ status: 404 }));
    expect(neighbourListingOf(folderLink, { folder_id: 7 })).toEqual({ folderId: 7 });
    expect(wholeReachOf(folderLink)).toEqual({ kind: 'folder', folderId: 7 });
  });

  it("reaches a selection link's assets only, wherever they are, and no folder", () => {
    expect(assetInReach(selection, { id: 3, folder_id: 7 })).toBe(true);
    expect(assetInReach(selection, { id: 5, folder_id: null })).toBe(true);
    expect(assetInReach(selection, { id: 4, folder_id: null })).toBe(false);
    expect(folderInReach(selection, 7)).toBe(false);
    expect(listingOf(selection, null)).toEqual({ assetIds: [3, 5] });
    expect(() => listingOf(selection, 7)).toThrow(expect.objectContaining({ status: 404 }));
    expect(neighbourListingOf(selection, { folder_id: 7 })).toEqual({ assetIds: [3, 5] });
    expect(wholeReachOf(selection)).toEqual({ kind: 'assets', assetIds: [3, 5] });
  });
});

describe('what a shared stream is told', () => {
  it("tells a folder link of its folder's assets and itself, a selection link of its assets, everyone of the project", () => {
    const project = { kind: 'project' as const };
    for (const link of [publicLink, folderLink, selection])
      expect(liveSubjectInReach(link, project)).toBe(true);
    expect(liveSubjectInReach(folderLink, { kind: 'asset', id: 1, folderId: 7 })).toBe(true);
    expect(liveSubjectInReach(folderLink, { kind: 'asset', id: 1, folderId: null })).toBe(false);
    // A deleted asset's place now is unknown: its former place decides (liveNewsOf).
    expect(liveSubjectInReach(folderLink, { kind: 'asset', id: 1, folderId: undefined })).toBe(false);
    expect(liveSubjectInReach(folderLink, { kind: 'folder', id: 7 })).toBe(true);
    expect(liveSubjectInReach(folderLink, { kind: 'folder', id: 8 })).toBe(false);
    expect(liveSubjectInReach(selection, { kind: 'asset', id: 5, folderId: undefined })).toBe(true);
    expect(liveSubjectInReach(selection, { kind: 'asset', id: 4, folderId: null })).toBe(false);
    expect(liveSubjectInReach(selection, { kind: 'folder', id: 7 })).toBe(false);
    expect(liveSubjectInReach(publicLink, { kind: 'asset', id: 4, folderId: undefined })).toBe(true);
  });

  it('tells a folder link that an asset left its folder, and a selection link of no move', () => {
    const movedOut = { kind: 'asset' as const, id: 1, folderId: 8, formerFolderId: 7 };
    const deletedThere = { kind: 'asset' as const, id: 1, folderId: undefined, formerFolderId: 7 };
    const deletedElsewhere = { kind: 'asset' as const, id: 1, folderId: undefined, formerFolderId: 8 };
    const movedIn = { kind: 'asset' as const, id: 1, folderId: 7, formerFolderId: null };
    expect(liveNewsOf(folderLink, 'asset.moved', movedOut)).toBe('gone');
    expect(liveNewsOf(folderLink, 'asset.deleted', deletedThere)).toBe('gone');
    expect(liveNewsOf(folderLink, 'asset.deleted', deletedElsewhere)).toBe('untold');
    expect(liveNewsOf(folderLink, 'asset.moved', movedIn)).toBe('told');
    expect(liveNewsOf(folderLink, 'asset.renamed', { kind: 'asset', id: 1, folderId: 8 })).toBe('untold');
    expect(liveNewsOf(publicLink, 'asset.moved', movedOut)).toBe('told');
    expect(liveNewsOf(selection, 'asset.moved', { ...movedOut, id: 5 })).toBe('untold');
    expect(liveNewsOf(selection, 'asset.deleted', { ...deletedThere, id: 5 })).toBe('told');
  });
});
