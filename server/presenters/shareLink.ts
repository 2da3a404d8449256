import {
  shareLinkUrl,
  type ShareLink,
  type ShareLinkKind,
  type ShareLinkScope,
} from '@common/api/shareLinks';
import type { ShareLinkListedRow } from '../db/repositories/shareLinks';

/** A link as the members who may share see it; its selection and guest count batch-loaded beside it. */
export function presentShareLink(
  row: ShareLinkListedRow,
  facts: { assetIds: number[]; guests: number },
): ShareLink {
  return {
    id: row.id,
    kind: row.kind as ShareLinkKind,
    scope: row.scope as ShareLinkScope,
    folder_id: row.folder_id,
    folder_name: row.folder_name,
    asset_ids: facts.assetIds,
    hash: row.hash,
    url: shareLinkUrl(row.hash),
    downloadable: row.downloadable === 1,
    show_comments: row.show_comments === 1,
    has_password: row.password_hash !== null,
    expires_at: row.expires_at,
    created_at: row.created_at,
    created_by:
      row.created_by_id !== null && row.created_by_name !== null
        ? { id: row.created_by_id, name: row.created_by_name }
        : null,
    guests_count: facts.guests,
  };
}
