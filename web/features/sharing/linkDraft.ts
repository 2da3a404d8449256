import { SHARE_LINK_ASSETS_MAX, type ShareLinkKind } from '@common/api/shareLinks';
import type { ShareLinkCreateRequest } from '@common/api/shareLinks';
import { endOfLocalDay, shareDraftProblem, type ShareDraft } from './shareDraft';

/** What a new link opens: the whole project, one folder, or a selection of assets. */
export type LinkTarget =
  | { scope: 'project' }
  | { scope: 'folder'; folderId: number; folderName: string }
  | { scope: 'assets'; assetIds: readonly number[] };

/** The 'Share Link' form: the public link's options, and whether guests may review. */
export interface LinkDraft extends ShareDraft {
  kind: ShareLinkKind;
}

/** A new link has no password, expiry, downloads or comments until the member turns them on. */
const NO_LINK = {
  share_hash: null,
  share_hash_downloadable: false,
  share_show_comments: false,
  share_has_password: false,
  share_expires_at: null,
};

/** A fresh form: view only, without downloads or comments, open, without expiry. */
export function newLinkDraft(kind: ShareLinkKind = 'view'): LinkDraft {
  return {
    kind,
    downloadable: false,
    showComments: false,
    protect: false,
    password: '',
    expires: false,
    expiryDate: '',
  };
}

/**
 * What POST /projects/{id}/share_links is sent: the scope from the target (a folder's id, the
 * selection's ids once each, or neither), a password only when one is asked for, the expiry as
 * the end of the chosen local day.
 */
export function linkRequestFrom(draft: LinkDraft, target: LinkTarget): ShareLinkCreateRequest {
  const request: ShareLinkCreateRequest = {
    kind: draft.kind,
    downloadable: draft.downloadable,
    show_comments: draft.showComments,
  };
  if (target.scope === 'folder') request.folder_id = target.folderId;
  if (target.scope === 'assets') request.asset_ids = [...new Set(target.assetIds)];
  if (draft.protect && draft.password) request.password = draft.password;
  if (draft.expires && draft.expiryDate) request.expires_at = endOfLocalDay(draft.expiryDate);
  return request;
}

/** Why the link cannot be made yet, or null. */
export function linkDraftProblem(draft: LinkDraft, target: LinkTarget, today: string): string | null {
  if (target.scope === 'assets') {
    const count = new Set(target.assetIds).size;
    if (count === 0) return 'Select at least one asset to share.';
    if (count > SHARE_LINK_ASSETS_MAX)
      return `A link can hold up to ${SHARE_LINK_ASSETS_MAX} assets. Select fewer and try again.`;
  }
  return shareDraftProblem(draft, NO_LINK, today);
}
