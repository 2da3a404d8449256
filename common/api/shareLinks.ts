/**
 * Links beside the project's public link (issue 26): view-only or review links to a whole
 * project, a folder, or a selection of assets. The wire schemas of their calls live with them.
 */
export const SHARE_LINK_KINDS = ['view', 'review'] as const;
export type ShareLinkKind = (typeof SHARE_LINK_KINDS)[number];

export const SHARE_LINK_SCOPES = ['project', 'folder', 'assets'] as const;
export type ShareLinkScope = (typeof SHARE_LINK_SCOPES)[number];

/** Assets one selection link reaches, at most. */
export const SHARE_LINK_ASSETS_MAX = 500;
