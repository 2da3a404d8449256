import { SHARE_LINK_ASSETS_MAX, type ShareLinkKind } from '@common/api/shareLinks';
import type { ShareLink, ShareLinkCreateRequest, ShareLinkUpdate } from '@common/api/shareLinks';
import {
  draftFrom,
  endOfLocalDay,
  shareDraftChanged,
  shareDraftProblem,
  type ShareDraft,
} from './shareDraft';

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

/** A link's options in the shape the public link's form reads them. */
function linkState(link: ShareLink) {
  return {
    share_hash: link.hash,
    share_hash_downloadable: link.downloadable,
    share_show_comments: link.show_comments,
    share_has_password: link.has_password,
    share_expires_at: link.expires_at,
  };
}

/** The options form of a listed link, as the link is now (no password typed). */
export function linkEditDraft(link: ShareLink): ShareDraft {
  return draftFrom(linkState(link));
}

/**
 * What PATCH /share_links/{id} is sent: only what changed. A password when a new one is typed,
 * null to take it off; the expiry as the end of a newly chosen local day, null to take it off.
 */
export function linkUpdateFrom(draft: ShareDraft, link: ShareLink): ShareLinkUpdate {
  const now = linkEditDraft(link);
  const body: ShareLinkUpdate = {};
  if (draft.downloadable !== link.downloadable) body.downloadable = draft.downloadable;
  if (draft.showComments !== link.show_comments) body.show_comments = draft.showComments;
  if (!draft.protect) {
    if (link.has_password) body.password = null;
  } else if (draft.password) {
    body.password = draft.password;
  }
  if (!draft.expires) {
    if (link.expires_at) body.expires_at = null;
  } else if (draft.expiryDate && !(now.expires && draft.expiryDate === now.expiryDate)) {
    body.expires_at = endOfLocalDay(draft.expiryDate);
  }
  return body;
}

/** Why the edited options cannot be saved yet, or null; an expiry left as it was is not judged again. */
export function linkEditProblem(draft: ShareDraft, link: ShareLink, today: string): string | null {
  const now = linkEditDraft(link);
  const keptExpiry = draft.expires && now.expires && draft.expiryDate === now.expiryDate;
  return shareDraftProblem(keptExpiry ? { ...draft, expires: false } : draft, linkState(link), today);
}

/** The edited options differ from the link's (Save is offered only then). */
export function linkEditChanged(draft: ShareDraft, link: ShareLink): boolean {
  return shareDraftChanged(draft, linkState(link));
}
