import sharp from 'sharp';
import { outcomeFromError, previewErrorFromSharp } from './previewError';
import { MAX_INPUT_PIXELS, renditionsFromImage } from './renditions';
import type { PreviewInput, PreviewOutcome } from './types';

/** The long side a page is drawn at for the viewer's page browsing, as for PDF pages. */
const PAGE_SIZE = 2048;

/**
 * JPEG, PNG, TIFF and GIF through sharp: a multi-page TIFF (a fax) shows its first page and
 * counts its pages, an animated GIF keeps its animation as the preview.
 */
export async function renderImage(input: PreviewInput): Promise<PreviewOutcome> {
  try {
    const pageCount = input.type === 'tiff' ? await tiffPageCount(input.path) : 1;
    const renditions = await renditionsFromImage(input.path, {
      workDir: input.workDir,
      pageCount,
      animated: input.type === 'gif',
      signal: input.signal,
    });
    return { ok: true, renditions };
  } catch (error) {
    return outcomeFromError(error);
  }
}

async function tiffPageCount(path: string): Promise<number> {
  const { pages } = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  return pages ?? 1;
}

/**
 * One page (1-based) of a multi-page TIFF as a PNG of 2048 px on its long side, oriented and in
 * sRGB; null past the last page. Throws PreviewError when the file cannot be read.
 */
export async function renderTiffPage(
  path: string,
  page: number,
  signal: AbortSignal,
): Promise<Buffer | null> {
  try {
    const pageCount = await tiffPageCount(path);
    if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
    signal.throwIfAborted();
    return await sharp(path, { page: page - 1, limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
      .timeout({ seconds: 60 })
      .autoOrient()
      .resize(PAGE_SIZE, PAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .png()
      .toBuffer();
  } catch (error) {
    throw previewErrorFromSharp(error);
  }
}
