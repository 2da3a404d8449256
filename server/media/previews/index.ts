import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { renderImage, renderTiffPage } from './images';
import { renderIndd } from './indd';
import { libreOffice, type OfficeImportFilter } from './libreOffice';
import { renderOffice } from './office';
import { renderPdf, renderPdfPage } from './pdf';
import { outcomeFromError } from './previewError';
import { renderPsd } from './psd';
import { renderRaw } from './raw';
import { renderText } from './text';
import type { FileType, PreviewFailureCode, PreviewInput, PreviewOutcome } from './types';

export { closeExiftool } from './exiftool';
import { closeExiftool } from './exiftool';
export { detectFileType } from './fileType';

/**
 * The preview pipeline's one door: each file goes to the converter of the type its content was
 * detected as (never one that guesses). Never throws: any failure is an outcome with a code and a
 * sentence for the round's page.
 */
export async function renderPreviews(input: PreviewInput): Promise<PreviewOutcome> {
  try {
    input.signal.throwIfAborted();
    await mkdir(input.workDir, { recursive: true });
    return await converterFor(input.type)(input);
  } catch (error) {
    return outcomeFromError(error);
  }
}

function converterFor(type: FileType): (input: PreviewInput) => Promise<PreviewOutcome> {
  switch (type) {
    case 'jpeg':
    case 'png':
    case 'tiff':
    case 'gif':
      return renderImage;
    case 'psd':
    case 'psb':
      return renderPsd;
    case 'dng':
    case 'cr2':
    case 'crw':
    case 'nef':
    case 'arw':
      return renderRaw;
    case 'pdf':
    case 'ai':
      return renderPdf;
    case 'doc':
    case 'docx':
    case 'xls':
    case 'xlsx':
      return (input) => renderOffice(input);
    case 'indd':
      return renderIndd;
    case 'csv':
    case 'txt':
      return renderText;
  }
}

const OFFICE_FILTERS: Partial<Record<FileType, OfficeImportFilter>> = {
  doc: 'MS Word 97',
  docx: 'MS Word 2007 XML',
  xls: 'MS Excel 97',
  xlsx: 'Calc MS Excel 2007 XML',
};

/**
 * One page (1-based) of a paged file as a PNG of 2048 px on its long side: multi-page TIFF, PDF,
 * Illustrator, Word and Excel (converted to PDF first, in input.workDir). Null past the last page
 * and for formats without pages (their preview is the picture). Throws PreviewError or a tool
 * error when the file cannot be read.
 */
export async function renderPage(input: PreviewInput, page: number): Promise<Buffer | null> {
  const filter = OFFICE_FILTERS[input.type];
  if (filter) {
    const pdf = await libreOffice.convertToPdf(input.path, filter, join(input.workDir, 'pdf'), input.signal);
    return renderPdfPage(pdf, page, input.signal);
  }
  if (input.type === 'tiff') return renderTiffPage(input.path, page, input.signal);
  if (input.type === 'pdf' || input.type === 'ai') return renderPdfPage(input.path, page, input.signal);
  return null;
}

/**
 * The file the pages of a document are drawn from: an Office document converted to PDF by
 * LibreOffice (written in input.workDir, so that it can be kept and the slow conversion done
 * once), any other file as it is.
 */
export async function pagedSource(input: PreviewInput): Promise<PreviewInput> {
  const filter = OFFICE_FILTERS[input.type];
  if (!filter) return input;
  const pdf = await libreOffice.convertToPdf(input.path, filter, join(input.workDir, 'pdf'), input.signal);
  return { ...input, path: pdf, type: 'pdf' };
}

/** One page drawn, or why it could not be: no such page, or a converter's failure with its sentence. */
export type PageOutcome =
  { ok: true; png: Buffer } | { ok: false; code: PreviewFailureCode | 'no_page'; reason: string };

/** renderPage that never throws: a failure is an outcome with a code and a sentence. */
export async function drawPage(input: PreviewInput, page: number): Promise<PageOutcome> {
  try {
    const png = await renderPage(input, page);
    return png
      ? { ok: true, png }
      : { ok: false, code: 'no_page', reason: 'This document has no such page.' };
  } catch (error) {
    const outcome = outcomeFromError(error, 'The document renderer');
    return outcome.ok ? { ok: false, code: 'unreadable', reason: 'The page could not be drawn.' } : outcome;
  }
}

/**
 * Ends the converter kept running between jobs (exiftool; it starts again on next use). LibreOffice
 * runs one process per document on its seeded profiles, which stay for the next start.
 */
export async function closeConverters(): Promise<void> {
  await closeExiftool();
}
