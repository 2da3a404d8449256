import { z } from 'zod';

/**
 * Links beside the project's public link (issue 26): view-only or review links to a whole
 * project, a folder, or a selection of assets. The wire schemas of their calls live with them, and
 * so do the options every link has, the project's public link included (password, expiry).
 */
export const SHARE_LINK_KINDS = ['view', 'review'] as const;
export type ShareLinkKind = (typeof SHARE_LINK_KINDS)[number];

export const SHARE_LINK_SCOPES = ['project', 'folder', 'assets'] as const;
export type ShareLinkScope = (typeof SHARE_LINK_SCOPES)[number];

/** Assets one selection link reaches, at most. */
export const SHARE_LINK_ASSETS_MAX = 500;

export const SHARE_PASSWORD_MIN = 4;
export const SHARE_PASSWORD_MAX = 128;

/** The texts of links (errors in the spec's style, §5 text rules). */
export const SHARE_LINK_TEXTS = {
  created: 'The link is ready to share.',
  revoked: 'The link was revoked. It no longer opens.',
  kindInvalid: 'Kind should be view or review.',
  folderOrAssets: 'A link reaches a folder or a selection of assets, not both.',
  folderGone: 'This folder no longer exists.',
  assetsGone: 'Some of the selected assets no longer exist.',
  assetsEmpty: 'Select at least one asset.',
  assetsTooMany: `A link can reach up to ${SHARE_LINK_ASSETS_MAX} assets.`,
  assetsRepeated: 'Each asset should be selected once.',
  assetIdInvalid: 'Asset ids should be whole numbers above 0.',
  folderIdInvalid: 'Folder id should be a whole number above 0.',
  passwordShort: `Password should be at least ${SHARE_PASSWORD_MIN} characters long.`,
  passwordLong: `Password should be up to ${SHARE_PASSWORD_MAX} characters long.`,
  expiryInvalid: 'Expiry should be a valid date.',
  expiryPast: 'Expiry should be in the future.',
} as const;

/** A link's password: null removes it, absent keeps it. */
export const sharePasswordField = z
  .string()
  .min(SHARE_PASSWORD_MIN, { error: SHARE_LINK_TEXTS.passwordShort })
  .max(SHARE_PASSWORD_MAX, { error: SHARE_LINK_TEXTS.passwordLong })
  .nullable()
  .optional();

/** The instant a link stops working (ISO 8601): null removes it, absent keeps it. */
export const shareExpiryField = z
  .string()
  .max(40, { error: SHARE_LINK_TEXTS.expiryInvalid, abort: true })
  .pipe(z.iso.datetime({ offset: true, error: SHARE_LINK_TEXTS.expiryInvalid }))
  .nullable()
  .optional();

const positiveId = (error: string) => z.number({ error }).int({ error }).positive({ error });

/**
 * The selected assets: the list's length is capped before any item is looked at, then each id is
 * checked, then that none is repeated.
 */
const assetIdsField = z
  .array(z.unknown(), { error: SHARE_LINK_TEXTS.assetIdInvalid })
  .min(1, { error: SHARE_LINK_TEXTS.assetsEmpty, abort: true })
  .max(SHARE_LINK_ASSETS_MAX, { error: SHARE_LINK_TEXTS.assetsTooMany, abort: true })
  .pipe(z.array(positiveId(SHARE_LINK_TEXTS.assetIdInvalid)))
  .refine((ids) => new Set(ids).size === ids.length, { error: SHARE_LINK_TEXTS.assetsRepeated });

/** What a link reaches and what it is (POST /projects/{id}/share_links). */
export const shareLinkCreateSchema = z
  .object({
    kind: z.enum(SHARE_LINK_KINDS, { error: SHARE_LINK_TEXTS.kindInvalid }),
    /** A link to this folder of the project. */
    folder_id: positiveId(SHARE_LINK_TEXTS.folderIdInvalid).optional(),
    /** A link to these assets of the project (1 to 500, each once). Neither: the whole project. */
    asset_ids: assetIdsField.optional(),
    /** Its viewers may download the latest round of what it reaches (default off). */
    downloadable: z.boolean().default(false),
    /** Its viewers see the team's comments on the latest round (default off). */
    show_comments: z.boolean().default(false),
    password: sharePasswordField,
    expires_at: shareExpiryField,
  })
  .refine((body) => body.folder_id === undefined || body.asset_ids === undefined, {
    error: SHARE_LINK_TEXTS.folderOrAssets,
    path: ['asset_ids'],
  });
export type ShareLinkCreateRequest = z.input<typeof shareLinkCreateSchema>;
export type ShareLinkCreate = z.output<typeof shareLinkCreateSchema>;

/** A link's options (PATCH /share_links/{id}): absent keeps; what it reaches never changes. */
export const shareLinkUpdateSchema = z.object({
  downloadable: z.boolean().optional(),
  show_comments: z.boolean().optional(),
  password: sharePasswordField,
  expires_at: shareExpiryField,
});
export type ShareLinkUpdate = z.input<typeof shareLinkUpdateSchema>;

/** A link as the members who may share see it. */
export const shareLinkSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SHARE_LINK_KINDS),
  scope: z.enum(SHARE_LINK_SCOPES),
  /** The folder of a 'folder' link; null otherwise. */
  folder_id: z.number().int().nullable(),
  folder_name: z.string().nullable(),
  /** The assets of an 'assets' link that still exist, in id order; empty otherwise. */
  asset_ids: z.array(z.number().int()),
  hash: z.string(),
  /** Where the web app opens it: '/projects/shared_view/<hash>'. */
  url: z.string(),
  downloadable: z.boolean(),
  show_comments: z.boolean(),
  has_password: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  /** Who made it; null once their account is gone. */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The guests who joined through it (review links). */
  guests_count: z.number().int(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** What a link tells its viewers about itself (GET /projects/shared_view): the public link is ('view', 'project'). */
export const sharedLinkSchema = z.object({
  kind: z.enum(SHARE_LINK_KINDS),
  scope: z.enum(SHARE_LINK_SCOPES),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;

/** Where the web app opens a link. */
export const shareLinkUrl = (hash: string) => `/projects/shared_view/${encodeURIComponent(hash)}`;
