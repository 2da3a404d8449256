import { describe, expect, it } from 'vitest';
import { SHARE_LINK_ASSETS_MAX } from '@common/api/shareLinks';
import { linkDraftProblem, linkRequestFrom, newLinkDraft, type LinkTarget } from './linkDraft';
import { endOfLocalDay } from './shareDraft';

const project: LinkTarget = { scope: 'project' };
const folder: LinkTarget = { scope: 'folder', folderId: 7, folderName: 'Hero shots' };
const three: LinkTarget = { scope: 'assets', assetIds: [4, 9, 12] };
const today = '2026-11-29';

describe('new link form → request', () => {
  it('starts view-only and sends the scope from the target', () => {
    const draft = newLinkDraft();
    expect(draft.kind).toBe('view');
    expect(linkRequestFrom(draft, project)).toEqual({
      kind: 'view',
      downloadable: false,
      show_comments: false,
    });
    expect(linkRequestFrom(draft, folder)).toEqual({
      kind: 'view',
      downloadable: false,
      show_comments: false,
      folder_id: 7,
    });
    expect(linkRequestFrom(draft, three)).toMatchObject({ asset_ids: [4, 9, 12] });
    expect(linkRequestFrom(draft, three)).not.toHaveProperty('folder_id');
    expect(linkRequestFrom(draft, folder)).not.toHaveProperty('asset_ids');
  });

  it('sends each selected asset once', () => {
    const twice: LinkTarget = { scope: 'assets', assetIds: [3, 5, 3, 5, 8] };
    expect(linkRequestFrom(newLinkDraft(), twice).asset_ids).toEqual([3, 5, 8]);
  });

  it('sends the kind, options, password and the end of the expiry day', () => {
    const draft = {
      ...newLinkDraft('review'),
      downloadable: true,
      showComments: true,
      protect: true,
      password: 'north-star',
      expires: true,
      expiryDate: '2030-05-04',
    };
    expect(linkRequestFrom(draft, project)).toEqual({
      kind: 'review',
      downloadable: true,
      show_comments: true,
      password: 'north-star',
      expires_at: endOfLocalDay('2030-05-04'),
    });
  });

  it('sends no password or expiry that was turned off after typing', () => {
    const draft = {
      ...newLinkDraft(),
      protect: false,
      password: 'typed then unticked',
      expires: false,
      expiryDate: '2030-05-04',
    };
    const request = linkRequestFrom(draft, project);
    expect(request).not.toHaveProperty('password');
    expect(request).not.toHaveProperty('expires_at');
  });
});

describe('new link form problems', () => {
  it('has none for a plain link', () => {
    expect(linkDraftProblem(newLinkDraft(), folder, today)).toBeNull();
    expect(linkDraftProblem(newLinkDraft('review'), three, today)).toBeNull();
  });

  it('needs a password of the least length once one is asked for', () => {
    const protect = { ...newLinkDraft(), protect: true };
    expect(linkDraftProblem(protect, project, today)).toBe('Enter a password for the link.');
    expect(linkDraftProblem({ ...protect, password: 'ab' }, project, today)).toMatch(/at least 4/);
    expect(linkDraftProblem({ ...protect, password: 'abcd' }, project, today)).toBeNull();
  });

  it('needs an expiry day, today or later', () => {
    const expires = { ...newLinkDraft(), expires: true };
    expect(linkDraftProblem(expires, project, today)).toBe('Choose the last day the link works.');
    expect(linkDraftProblem({ ...expires, expiryDate: '2026-11-28' }, project, today)).toBe(
      'The expiry date cannot be in the past.',
    );
    expect(linkDraftProblem({ ...expires, expiryDate: today }, project, today)).toBeNull();
  });

  it('needs one to the most assets a link holds', () => {
    const none: LinkTarget = { scope: 'assets', assetIds: [] };
    expect(linkDraftProblem(newLinkDraft(), none, today)).toBe('Select at least one asset to share.');
    const ids = Array.from({ length: SHARE_LINK_ASSETS_MAX + 1 }, (_, n) => n + 1);
    expect(linkDraftProblem(newLinkDraft(), { scope: 'assets', assetIds: ids }, today)).toMatch(
      `up to ${SHARE_LINK_ASSETS_MAX} assets`,
    );
    expect(linkDraftProblem(newLinkDraft(), { scope: 'assets', assetIds: ids.slice(1) }, today)).toBeNull();
  });
});
