import type { ShareLinkKind, ShareLinkScope } from '@common/api/shareLinks';
import { plural, truncate } from '@common/text';
import type { ShareLink } from './api/shareLinks';
import type { LinkTarget } from './linkDraft';

const NAME_MAX = 40;

export const LINK_KIND_LABELS: Record<ShareLinkKind, string> = {
  view: 'View only',
  review: 'Review',
};

/** What the chosen kind lets the link's visitors do, said of what the link opens. */
export function kindDescription(kind: ShareLinkKind, target: LinkTarget): string {
  const what = targetWords(target);
  return kind === 'view'
    ? `Anyone with the link can see ${what} without an account. They cannot comment or change anything.`
    : `Guests give their name once, then comment on ${what}, draw on the assets, and approve or ask for changes on the current round. They never see earlier rounds or anything else in the project.`;
}

/** 'this project', 'the folder “Hero shots”', 'these 3 assets', 'this asset'. */
export function targetWords(target: LinkTarget): string {
  switch (target.scope) {
    case 'project':
      return 'this project';
    case 'folder':
      return `the folder “${truncate(target.folderName, NAME_MAX)}”`;
    case 'assets': {
      const count = new Set(target.assetIds).size;
      return count === 1 ? 'this asset' : `these ${count} assets`;
    }
  }
}

/** The line under the dialog's title: what the new link will open. */
export function targetLine(target: LinkTarget): string {
  switch (target.scope) {
    case 'project':
      return 'The whole project';
    case 'folder':
      return `Folder: ${truncate(target.folderName, NAME_MAX)}`;
    case 'assets': {
      const count = new Set(target.assetIds).size;
      return count === 1 ? '1 selected asset' : `${count} selected assets`;
    }
  }
}

/** What a listed link opens: 'Whole project', 'Folder: Hero shots', '3 assets'. */
export function linkScopeLabel(link: Pick<ShareLink, 'scope' | 'folder_name' | 'asset_ids'>): string {
  const scope: ShareLinkScope = link.scope;
  switch (scope) {
    case 'project':
      return 'Whole project';
    case 'folder':
      return `Folder: ${truncate(link.folder_name ?? 'a deleted folder', NAME_MAX)}`;
    case 'assets':
      return plural(link.asset_ids.length, 'asset');
  }
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The options a listed link has, each in a word or two, in a fixed order. */
export function linkFacts(
  link: Pick<
    ShareLink,
    'kind' | 'downloadable' | 'show_comments' | 'has_password' | 'expires_at' | 'guests_count'
  >,
  now: Date,
): string[] {
  const facts: string[] = [];
  if (link.downloadable) facts.push('Downloads allowed');
  if (link.show_comments) facts.push('Comments shown');
  if (link.has_password) facts.push('Password');
  if (link.expires_at) {
    const end = new Date(link.expires_at);
    facts.push(end.getTime() < now.getTime() ? 'Expired' : `Until ${dayFormat.format(end)}`);
  }
  if (link.kind === 'review') facts.push(plural(link.guests_count, 'guest'));
  return facts;
}

/** What a listed link opens, as a new link's target (its words say it the same way). */
export function targetOfLink(
  link: Pick<ShareLink, 'scope' | 'folder_id' | 'folder_name' | 'asset_ids'>,
): LinkTarget {
  switch (link.scope) {
    case 'project':
      return { scope: 'project' };
    case 'folder':
      return {
        scope: 'folder',
        folderId: link.folder_id ?? 0,
        folderName: link.folder_name ?? 'a deleted folder',
      };
    case 'assets':
      return { scope: 'assets', assetIds: link.asset_ids };
  }
}
