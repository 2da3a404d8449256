import { z } from 'zod';
import { isFileName } from '../names';
import { requiredText } from '../validation';
import { assetDecisionsSchema } from './decisions';
import { labelSchema } from './projects';

/** The asset side's wire format (projects-side §3, §5, §7, §8) and the upload texts. */

export const IMAGE_EXTENSIONS = [
  'tiff',
  'tif',
  'jpg',
  'jpeg',
  'png',
  'psd',
  'dng',
  'crw',
  'cr2',
  'nef',
  'arw',
  'psb',
  'gif',
] as const;
export const DOCUMENT_EXTENSIONS = ['indd', 'ai', 'doc', 'docx', 'csv', 'xls', 'xlsx', 'pdf', 'txt'] as const;
export const ASSET_EXTENSIONS: readonly string[] = [...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS];

/** A file name's extension, lower case, without the dot ('' when it has none). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export function hasAllowedExtension(filename: string): boolean {
  return ASSET_EXTENSIONS.includes(extensionOf(filename));
}

/** File names are kept as given (Unicode, spaces, accents), up to this many characters. */
export const ASSET_NAME_MAX = 255;
/** Concurrent uploads of one browser (§9). */
export const CONCURRENT_UPLOADS = 6;
/** A new round takes exactly one file (§5). */
export const ROUND_UPLOAD_FILES = 1;

export const ASSET_TEXTS = {
  invalidExtension: (file: string) =>
    `The file ${file} has an invalid extension. Valid extensions are: ${ASSET_EXTENSIONS.join(', ')}.`,
  invalidFormatTitle: 'Invalid Format',
  unreadable: 'File could not be read',
  uploadErrorTitle: 'Upload Error',
  nameInProject: 'There’s another asset with that name in the project. Please rename it to continue.',
  nameInFolder: 'There’s another asset with that name in a folder. Please rename it to continue.',
  fileNameTaken: 'There’s already another file with the same name. Please rename it to continue.',
  duplicateName: 'Oops! There is already an asset with this filename!',
  storageLimitTitle: 'Storage limit reached!',
  roundOneFile: 'A new round takes exactly one file.',
  /** After the bytes: the content is not the format its name says, or not a format we take. */
  contentRefused: (file: string) =>
    `The file ${file} is not a picture or document Proofroom accepts: its content does not match its name.`,
  lastRoundDeleted: 'The last round was successfully deleted.',
  onlyLastRound: 'Only the latest round can be deleted.',
  onlyRound: 'An asset keeps at least one round: delete the asset instead.',
  uploadFailed: 'Error Uploading',
  notFoundTitle: 'Asset Not Found',
  notFound: 'Seems like someone from the project has deleted this asset.',
  renamed: 'The asset filename was successfully updated!',
  deleted: 'The asset was successfully deleted.',
  deletedMany: 'The assets were successfully deleted.',
  moved: (n: number) => (n === 1 ? 'The asset was moved.' : `${n} assets were moved.`),
  approved: (n: number) => (n === 1 ? 'The asset was approved.' : `${n} assets were approved.`),
  unapproved: (n: number) =>
    n === 1 ? 'The asset is no longer approved.' : `${n} assets are no longer approved.`,
  rushAdded: 'The priority flag was added.',
  rushRemoved: 'The priority flag was removed.',
  /** A rename may change the case or the spelling of the extension, not the kind of file. */
  extensionKept: (extensions: readonly string[]) =>
    `The filename must end with ${extensions.map((e) => `.${e}`).join(' or ')}.`,
  nameCharacters: 'Filename cannot contain slashes, invisible or control characters.',
  labelNotUsable: 'This label cannot be used on the assets of this project.',
  oneProject: 'The assets must all belong to one project.',
} as const;

/** Detected file types whose pages the viewer shows one by one (documents; a TIFF's pages are not). */
export const PAGED_FILE_TYPES = ['pdf', 'ai', 'doc', 'docx', 'xls', 'xlsx'] as const;
export function isPagedFileType(fileType: string): boolean {
  return (PAGED_FILE_TYPES as readonly string[]).includes(fileType);
}

/** A round's preview state: processing while the image or thumbnail address is missing (§3). */
export const PREVIEW_STATES = ['processing', 'ready', 'failed'] as const;
export type PreviewState = (typeof PREVIEW_STATES)[number];

export const assetRoundSchema = z.object({
  id: z.number().int(),
  asset_id: z.number().int(),
  /** 'Round N': R0 or R1 first, as the project was created. */
  number: z.number().int(),
  /** The 2048 px preview. */
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** A tiny blurred placeholder (data URL) shown until the thumbnail arrives. */
  lqip_url: z.string().nullable(),
  /** DeepZoom descriptor for pictures over 12 megapixels, else null. */
  tiles_url: z.string().nullable(),
  original_url: z.string(),
  uploader: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  file_name: z.string(),
  /** The detected file type (jpeg, png, pdf…). */
  file_type: z.string(),
  size_in_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Pages of a document, when known. */
  page_count: z.number().int().nullable(),
  /**
   * The address of each page of a document (1 to page_count): this text with `{page}` replaced by
   * the page number. Null for images and while there is no preview. Pages past the first are drawn
   * on first request (docs/decisions.md, "Document pages").
   */
  page_url_template: z.string().nullable(),
  preview_state: z.enum(PREVIEW_STATES),
  /** Why there is no preview (failed), or that the file decoded only in part (ready). */
  preview_error: z.string().nullable(),
  is_processing: z.boolean(),
  created_at: z.string(),
});
export type AssetRound = z.infer<typeof assetRoundSchema>;

export const assetSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  folder_id: z.number().int().nullable(),
  name: z.string(),
  /** The current round's id. */
  version_id: z.number().int(),
  current_version: assetRoundSchema,
  approve: z.enum(['confirmed', 'pending']),
  kind: z.enum(['image', 'document']),
  new_comments_count: z.number().int(),
  newly_approved_comments_count: z.number().int(),
  unresolved_comments_count: z.number().int(),
  has_rounds_unseen_by_current_user: z.boolean(),
  is_new_for_current_user: z.boolean(),
  has_new_name_for_current_user: z.boolean(),
  has_new_label_for_current_user: z.boolean(),
  rush_priority: z.boolean(),
  has_comments: z.boolean(),
  asset_versions_count: z.number().int(),
  label: labelSchema.nullable(),
  is_processing: z.boolean(),
  /** Each reviewer's own decision on the current round (issue 26 item 3), earliest first; none on a new round. */
  decisions: assetDecisionsSchema,
  created_at: z.string(),
  updated_at: z.string(),
  last_activity_at: z.string(),
});
export type AssetView = z.infer<typeof assetSchema>;

/** What a finished tus upload became (GET /uploads/{id}/result). */
export const uploadResultSchema = z.object({
  status: z.enum(['uploading', 'creating', 'done', 'failed']),
  asset_id: z.number().int().nullable(),
  version_id: z.number().int().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** The most assets one bulk call (delete, move, approve, label) takes. */
export const ASSET_IDS_MAX = 1000;
const assetIds = z.array(z.number().int().positive()).min(1).max(ASSET_IDS_MAX);

/** PATCH /assets/{id}/update_filename. */
export const renameAssetSchema = z.object({
  filename: requiredText('Filename', { max: ASSET_NAME_MAX }).refine(isFileName, {
    error: ASSET_TEXTS.nameCharacters,
  }),
});
export type RenameAssetRequest = z.input<typeof renameAssetSchema>;

/** DELETE /projects/{id}/assets; PATCH /projects/{id}/assets/mark_as_approved and /unmark_as_approved. */
export const assetIdsSchema = z.object({ ids: assetIds });
export type AssetIdsRequest = z.input<typeof assetIdsSchema>;

/** POST /folders/{id}/move_assets, POST /projects/{id}/unfold_assets, POST /assets/remove_label. */
export const assetsIdsSchema = z.object({ assets_ids: assetIds });
export type AssetsIdsRequest = z.input<typeof assetsIdsSchema>;

/** POST /assets/add_label: a workspace label or one of the project's own. */
export const addAssetLabelSchema = z.object({ assets_ids: assetIds, label_id: z.number().int().positive() });
export type AddAssetLabelRequest = z.input<typeof addAssetLabelSchema>;
