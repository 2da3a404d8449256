import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { outcomeFromError, PreviewError } from './previewError';
import { MEMORY_LIMITS } from './memoryLimits';
import { runTool } from './processes';
import { renditionsFromImage } from './renditions';
import type { PreviewInput, PreviewOutcome } from './types';
import { largestDecodableImage, readXmpPreviews } from './xmpThumbnails';

/** The screen preview's long side: pages are drawn at this size, never drawn small and enlarged. */
const PAGE_PIXELS = 2048;
const INFO_TIMEOUT_MS = 20_000;
const RENDER_TIMEOUT_MS = 90_000;

const CONVERTER = 'The PDF renderer (poppler-utils)';
const REASONS = {
  encrypted:
    'This PDF is protected by a password, so no preview can be made. The file can still be downloaded.',
  unreadable: 'This file is damaged: no page of it could be read.',
  withoutPdfContent: "Saved without PDF content: showing Illustrator's placeholder page.",
  withoutPdfContentThumbnail:
    'Saved without PDF content: showing the small preview Illustrator embedded in the file.',
  smallEmbeddedPreview: 'This file is damaged: showing the small preview embedded in it.',
};

/**
 * PDF and Illustrator files: the first page drawn by poppler's pdftoppm at 2048 px on its long
 * side, the page count from pdfinfo (poppler counts the page tree, never the bytes). When poppler
 * cannot read the file, the thumbnail an Adobe application embedded in its XMP is shown instead,
 * flagged as damaged; an Illustrator file saved without PDF content shows its XMP thumbnail (the
 * only copy of the artwork in it; Adobe's placeholder page when there is none), flagged.
 */
export async function renderPdf(input: PreviewInput): Promise<PreviewOutcome> {
  try {
    // Side by side; pdfinfo's answer decides when both fail (a password is the better reason).
    const [counted, drawn] = await Promise.allSettled([
      readPageCount(input.path, input.signal),
      drawPage(input.path, 1, join(input.workDir, 'page-1'), input.signal),
    ]);
    if (counted.status === 'rejected') throw counted.reason;
    if (drawn.status === 'rejected') throw drawn.reason;
    const [pageCount, pagePath] = [counted.value, drawn.value];
    const damaged =
      input.type === 'ai' && (await savedWithoutPdfContent(input.path, input.signal))
        ? REASONS.withoutPdfContent
        : undefined;
    if (damaged) {
      // The artwork itself survives only as the XMP thumbnail; the page is Adobe's notice.
      const thumbnail = await embeddedPreview(input, REASONS.withoutPdfContentThumbnail);
      if (thumbnail.ok) return thumbnail;
    }
    const renditions = await renditionsFromImage(pagePath, {
      workDir: input.workDir,
      pageCount,
      signal: input.signal,
    });
    return { ok: true, renditions: damaged ? { ...renditions, damaged } : renditions };
  } catch (error) {
    if (error instanceof PreviewError && error.code === 'unreadable')
      return embeddedPreview(input, REASONS.smallEmbeddedPreview);
    return outcomeFromError(error, CONVERTER);
  }
}

/**
 * One page as a PNG of 2048 px on its long side, for the viewer's page browsing; null past the
 * last page. Throws PreviewError (or a tool error) when the file cannot be read.
 */
export async function renderPdfPage(path: string, page: number, signal: AbortSignal): Promise<Buffer | null> {
  const pageCount = await readPageCount(path, signal);
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  const { stdout, code } = await runTool('pdftoppm', ['-png', ...pageArgs(path, page)], {
    signal,
    timeoutMs: RENDER_TIMEOUT_MS,
    memoryLimitBytes: MEMORY_LIMITS.poppler,
  });
  if (code !== 0 || stdout.length === 0) throw new PreviewError('unreadable', REASONS.unreadable);
  return stdout;
}

async function readPageCount(path: string, signal: AbortSignal): Promise<number> {
  const { stdout, stderr, code } = await runTool('pdfinfo', [path], {
    signal,
    timeoutMs: INFO_TIMEOUT_MS,
    maxOutputBytes: 1024 * 1024,
    memoryLimitBytes: MEMORY_LIMITS.poppler,
  });
  if (code !== 0)
    throw /incorrect password/i.test(stderr)
      ? new PreviewError('encrypted', REASONS.encrypted)
      : new PreviewError('unreadable', REASONS.unreadable);
  // The last "Pages:" line: a Title printed before it could contain one.
  const counts = [...stdout.toString('utf8').matchAll(/^Pages:\s+(\d+)\s*$/gm)];
  const pageCount = Number(counts.at(-1)?.[1] ?? 0);
  if (pageCount < 1) throw new PreviewError('unreadable', REASONS.unreadable);
  return pageCount;
}

function pageArgs(path: string, page: number): string[] {
  // -cropbox: the page as Acrobat shows it (an Illustrator artboard), not the larger media box.
  return [
    '-f',
    String(page),
    '-l',
    String(page),
    '-scale-to',
    String(PAGE_PIXELS),
    '-cropbox',
    '-singlefile',
    path,
  ];
}

/**
 * Draws one page to `<outputRoot>.tif` and answers that path. Uncompressed TIFF, read once by
 * sharp: poppler's PNG compression alone costs a second per page here.
 */
async function drawPage(
  path: string,
  page: number,
  outputRoot: string,
  signal: AbortSignal,
): Promise<string> {
  const { code } = await runTool(
    'pdftoppm',
    ['-tiff', '-tiffcompression', 'none', ...pageArgs(path, page), outputRoot],
    {
      signal,
      timeoutMs: RENDER_TIMEOUT_MS,
      memoryLimitBytes: MEMORY_LIMITS.poppler,
    },
  );
  const output = `${outputRoot}.tif`;
  if (code !== 0 || !existsSync(output)) throw new PreviewError('unreadable', REASONS.unreadable);
  return output;
}

/** Illustrator writes a stock page saying so when "Create PDF Compatible File" was off. */
async function savedWithoutPdfContent(path: string, signal: AbortSignal): Promise<boolean> {
  const { stdout, code } = await runTool('pdftotext', ['-f', '1', '-l', '1', path, '-'], {
    signal,
    timeoutMs: INFO_TIMEOUT_MS,
    maxOutputBytes: 1024 * 1024,
    memoryLimitBytes: MEMORY_LIMITS.poppler,
  });
  return code === 0 && /saved without PDF content/i.test(stdout.toString('utf8').replace(/\s+/g, ' '));
}

async function embeddedPreview(input: PreviewInput, note: string): Promise<PreviewOutcome> {
  try {
    const { images, pageCount } = await readXmpPreviews(input.path, input.signal);
    const image = await largestDecodableImage(images);
    if (!image) return { ok: false, code: 'unreadable', reason: REASONS.unreadable };
    const renditions = await renditionsFromImage(image, {
      workDir: input.workDir,
      pageCount: pageCount ?? 1,
      signal: input.signal,
    });
    return { ok: true, renditions: { ...renditions, damaged: note } };
  } catch (error) {
    return outcomeFromError(error, CONVERTER);
  }
}
