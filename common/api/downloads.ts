import { z } from 'zod';

/** Downloads (projects-side §5, §7, §8): one file, all rounds of an asset, several assets, a folder, a project. */

/** The most assets one download call takes (a larger selection is a folder or project download). */
export const DOWNLOAD_IDS_MAX = 1000;

/** Query flags arrive as text: 'true' and '1' mean yes, anything else no. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** GET /assets/{id}/download and GET /shared/{shareHash}/assets/{id}/download. */
export const assetDownloadQuerySchema = z.object({
  /** Appends '_R{number}' to the name, before the extension (see `withRoundNumber`). */
  with_round_number: flag,
  /** The low-res JPEG instead of the original (images); default: the user's `asset_downloads_resolution`. */
  low_res: flag,
  /** Every round of the asset as a zip, round numbers forced on (members only; an asset with more than one round). */
  all_rounds: flag,
});
export type AssetDownloadQuery = z.infer<typeof assetDownloadQuerySchema>;

/** POST /projects/{id}/assets/download and POST /shared/{shareHash}/assets/download. */
export const assetsDownloadSchema = z.object({
  /** The assets; one id answers that file itself, more a zip of their current rounds. */
  ids: z.array(z.number().int().positive()).min(1).max(DOWNLOAD_IDS_MAX),
  /** Low-res images; default: the user's `asset_downloads_resolution` (original on a shared link). */
  low_res: z.boolean().optional(),
  with_round_number: z.boolean().optional(),
});
export type AssetsDownloadRequest = z.infer<typeof assetsDownloadSchema>;

/** POST /projects/{id}/download: the whole project (its folders as directories), or one folder. */
export const projectDownloadSchema = z.object({
  /** Only this folder of the project, its files at the archive's root. */
  folder_id: z.number().int().positive().nullish(),
  low_res: z.boolean().optional(),
  with_round_number: z.boolean().optional(),
});
export type ProjectDownloadRequest = z.infer<typeof projectDownloadSchema>;

export const DOWNLOAD_TYPES = ['direct', 'email'] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];

export const downloadAnswerSchema = z.object({
  /** 'direct': open `download_url` now, it streams the file or zip; 'email': too large, a link is e-mailed. */
  download_type: z.enum(DOWNLOAD_TYPES),
  /** Opaque, short-lived; null for 'email'. */
  download_url: z.string().nullable(),
});
export type DownloadAnswer = z.infer<typeof downloadAnswerSchema>;

export const DOWNLOAD_TEXTS = {
  /** The project download's snackbar (§8). */
  projectDownloading: 'Your project is being downloaded.',
  /** The e-mail's subject and the snackbar of a download sent by e-mail (§8). */
  ready: 'Your download is ready!',
  emailed: 'It is a large download: we are zipping it and will e-mail you a link as soon as it is ready.',
  /** The zip info box (§2). */
  zipping: 'Your assets are being zipped.',
  notDownloadable: 'The owner of this link does not allow downloads.',
  sharedLatestOnly: 'Only the latest round of an asset can be downloaded from a shared link.',
  allRoundsNeedRounds: 'All rounds can be downloaded only for an asset with more than one round.',
  linkExpired: 'This download link has expired. Please download the files again.',
  linkInvalid: 'This download link is not valid.',
} as const;

/** The zip info boxes stack upwards: the first 20 px from the bottom, each next one 64 px higher (§2). */
export const zipBoxBottom = (index: number) => 20 + 64 * index;

/**
 * The name with its round number: 'hero.jpg', round 2 → 'hero_R2.jpg'; before the last extension
 * ('a.tar.gz' → 'a.tar_R2.gz'), at the end when there is none ('notes' → 'notes_R2'). A leading dot
 * is not an extension ('.env' → '.env_R2').
 */
export function withRoundNumber(name: string, round: number): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return `${name}_R${round}`;
  return `${name.slice(0, dot)}_R${round}${name.slice(dot)}`;
}

/** The low-res download is a JPEG: 'hero.psd' → 'hero.jpg'. */
export function lowResName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot <= 0 ? name : name.slice(0, dot)}.jpg`;
}
