import type { ShareLinkKind, ShareLinkScope } from '@common/api/shareLinks';
import type { AssetRow } from '../db/repositories/assets';
import type { ProjectRow } from '../db/repositories/projects';
import type { SharedListing } from '../db/repositories/sharedAssets';
import { notFound } from '../errors';

/** What a link made beside the project's public link reaches (issue 26). */
export interface ShareLinkReach {
  id: number;
  kind: ShareLinkKind;
  scope: ShareLinkScope;
  /** The folder of a 'folder' link; null otherwise. */
  folder_id: number | null;
  /** The assets of an 'assets' link; empty otherwise. */
  asset_ids: number[];
}

/**
 * A reached link: its project, with the `share_*` options (hash, downloads, comments, password,
 * expiry) read from the link that was used, and `share_link` saying what that link reaches: null
 * for the project's own public link, which reaches the whole project and lets no one review.
 */
export type SharedProject = ProjectRow & { share_link: ShareLinkReach | null };

/**
 * What a link reaches of its project (issue 26): the whole project for the project's public link
 * and for project links; one folder's assets for a folder link; the selected assets for a
 * selection link. Every shared route asks here (or lists through `SharedListing`, which the
 * repository turns into its filter): nothing outside the reach is shown, served or zipped.
 */
type Reaching = { share_link: ShareLinkReach | null };

/** The reach of a link that is narrower than its project, or null. */
function narrowed(
  project: Reaching,
): (ShareLinkReach & { scope: Exclude<ShareLinkScope, 'project'> }) | null {
  const link = project.share_link;
  if (!link || link.scope === 'project') return null;
  return link as ShareLinkReach & { scope: Exclude<ShareLinkScope, 'project'> };
}

/** Whether the link reaches this asset of its project (the caller checked the project). */
export function assetInReach(project: Reaching, asset: Pick<AssetRow, 'id' | 'folder_id'>): boolean {
  const link = narrowed(project);
  if (!link) return true;
  switch (link.scope) {
    case 'folder':
      return asset.folder_id !== null && asset.folder_id === link.folder_id;
    case 'assets':
      return link.asset_ids.includes(asset.id);
  }
}

/** Whether the link reaches this folder of its project: all of them, its own, or none for a selection. */
export function folderInReach(project: Reaching, folderId: number): boolean {
  const link = narrowed(project);
  if (!link) return true;
  return link.scope === 'folder' && link.folder_id === folderId;
}

/**
 * The list a link shows for the place asked (a folder, or the root): a project link any place; a
 * folder link its folder, also asked as the root; a selection link its selection, at the root only.
 * Anything else is not found (404).
 */
export function listingOf(project: Reaching, folderId: number | null): SharedListing {
  const link = narrowed(project);
  if (!link) return { folderId };
  switch (link.scope) {
    case 'folder':
      if (folderId !== null && folderId !== link.folder_id) throw notFound();
      return { folderId: link.folder_id };
    case 'assets':
      if (folderId !== null) throw notFound();
      return { assetIds: link.asset_ids };
  }
}

/** The list an asset's previous and next are taken from: its place, or a selection link's selection. */
export function neighbourListingOf(project: Reaching, asset: Pick<AssetRow, 'folder_id'>): SharedListing {
  const link = narrowed(project);
  return link?.scope === 'assets' ? { assetIds: link.asset_ids } : { folderId: asset.folder_id };
}

/** What 'Download all' of a link zips: the whole project, a folder link's folder, a selection link's selection. */
export function wholeReachOf(
  project: Reaching,
): { kind: 'project' } | { kind: 'folder'; folderId: number } | { kind: 'assets'; assetIds: number[] } {
  const link = narrowed(project);
  if (link?.scope === 'folder' && link.folder_id !== null)
    return { kind: 'folder', folderId: link.folder_id };
  if (link?.scope === 'assets') return { kind: 'assets', assetIds: link.asset_ids };
  // A folder link always has its folder: deleting the folder deletes the link.
  return { kind: 'project' };
}

/**
 * What a live event is about, as a link's reach reads it: an asset (its folder now, undefined when
 * the asset is gone; and the folder the event says it left, for a move or a deletion), a folder,
 * or the project itself.
 */
export type LiveSubject =
  | { kind: 'asset'; id: number; folderId: number | null | undefined; formerFolderId?: number | null }
  | { kind: 'folder'; id: number }
  | { kind: 'project' };

/**
 * How a shared view's stream hears of an event: 'told' as it happened; 'gone' when its asset was
 * in the link's reach and is no longer (moved out of a folder link's folder, or deleted), told only
 * that it is gone, never where it went; 'untold' for anything outside the reach. A move is news to
 * no selection link: its view has no places, so nothing it shows changes, and where the asset went
 * is not its to know.
 */
export function liveNewsOf(
  project: Reaching,
  type: string,
  subject: LiveSubject,
): 'told' | 'gone' | 'untold' {
  if (type === 'asset.moved' && narrowed(project)?.scope === 'assets') return 'untold';
  if (liveSubjectInReach(project, subject)) return 'told';
  if (subject.kind !== 'asset' || subject.formerFolderId === undefined) return 'untold';
  return liveSubjectInReach(project, { ...subject, folderId: subject.formerFolderId }) ? 'gone' : 'untold';
}

/**
 * Whether a shared view's stream may carry news about this subject: the project's own, and that of
 * the assets and folders the link reaches. An asset whose place is unknown (deleted) reaches no
 * folder link here: `liveNewsOf` tells it, by the place the event recorded, that the asset is gone.
 */
export function liveSubjectInReach(project: Reaching, subject: LiveSubject): boolean {
  const link = narrowed(project);
  if (!link) return true;
  switch (subject.kind) {
    case 'project':
      return true;
    case 'folder':
      return folderInReach(project, subject.id);
    case 'asset':
      if (link.scope === 'assets') return link.asset_ids.includes(subject.id);
      return (
        subject.folderId !== undefined &&
        assetInReach(project, { id: subject.id, folder_id: subject.folderId })
      );
  }
}
