/**
 * The preview pipeline's contract: what the upload side hands in (a stored file and the type its
 * content was detected as) and what comes out (the renditions a round shows, or why there are none).
 * The job that calls it (server/jobs/previewJob.ts) stores the files through the storage adapter.
 */

/** Every format the spec allows, as detected from the content (never from the name alone). */
export type FileType =
  | 'jpeg'
  | 'png'
  | 'tiff'
  | 'gif'
  | 'psd'
  | 'psb'
  | 'dng'
  | 'cr2'
  | 'crw'
  | 'nef'
  | 'arw'
  | 'pdf'
  | 'ai'
  | 'indd'
  | 'doc'
  | 'docx'
  | 'xls'
  | 'xlsx'
  | 'csv'
  | 'txt';

/** Images count towards a folder's images_count; the rest are documents. */
export const IMAGE_TYPES: ReadonlySet<FileType> = new Set([
  'jpeg',
  'png',
  'tiff',
  'gif',
  'psd',
  'psb',
  'dng',
  'cr2',
  'crw',
  'nef',
  'arw',
]);

export interface PreviewInput {
  /** A local path to the whole file (the job copies it out of S3 first when scaled out). */
  path: string;
  type: FileType;
  /** A scratch folder of this job, removed by the caller afterwards. */
  workDir: string;
  /** Aborted when the job's time limit passes: converters stop and their child processes are killed. */
  signal: AbortSignal;
}

export interface Renditions {
  /** Size in pixels of the picture shown (the first page), after the orientation was applied. */
  width: number;
  height: number;
  /** Pages (PDF, AI, Office, multi-page TIFF); 1 for a single picture. */
  pageCount: number;
  /** JPEG that fits in 400×400. */
  thumbnail: Buffer;
  /** JPEG that fits in 2048×2048 (for an animated GIF, the animation as GIF instead). */
  preview: Buffer;
  previewContentType: 'image/jpeg' | 'image/gif';
  /** The low-res download: a JPEG that fits in 2048×2048, quality for sending to a client. */
  lowRes: Buffer;
  /** A tiny blurred placeholder, as a data: URL (under 2 kB). */
  lqip: string;
  /**
   * For pictures over 12 megapixels: a DeepZoom pyramid written by sharp().tile() under workDir
   * (`<tilesDir>/image.dzi` and `<tilesDir>/image_files/…`), for the viewer's 100 % detail.
   */
  tilesDir?: string;
  /** Set when the file decoded only in part (a truncated JPEG): what the round's page says. */
  damaged?: string;
}

export type PreviewFailureCode =
  /** No usable pixels in the file (stripped RAW, no composite in a PSD, corrupt header). */
  | 'unreadable'
  /** The file needs a password (PDF). */
  | 'encrypted'
  /** Over the pixel limit or another decoding bound (a pixel bomb). */
  | 'too_large'
  /** The converter ran past the job's time limit. */
  | 'timeout'
  /** The converter is not installed on this machine (scripts/setup-system.sh installs it). */
  | 'converter_missing';

export type PreviewOutcome =
  { ok: true; renditions: Renditions } | { ok: false; code: PreviewFailureCode; reason: string };
