import { open } from 'node:fs/promises';
import { fileByteSource, type ByteSource } from './byteSource';
import { detectContentKind, zipHolds, type ContentKind } from './contentKind';
import type { FileType } from './types';
import { zipListingIn, zipListingOf, type ZipListing } from './zipDirectory';

export type FileTypeDetection = { ok: true; type: FileType } | { ok: false; reason: string };

/** How much of a file's start the content is sniffed from. */
export const HEAD_BYTES = 64 * 1024;

type Family = 'picture' | 'pdf' | 'indd' | 'office' | 'text';

const EXTENSION_FAMILY: Record<string, Family> = {
  jpg: 'picture',
  jpeg: 'picture',
  png: 'picture',
  gif: 'picture',
  tif: 'picture',
  tiff: 'picture',
  psd: 'picture',
  psb: 'picture',
  dng: 'picture',
  cr2: 'picture',
  crw: 'picture',
  nef: 'picture',
  arw: 'picture',
  pdf: 'pdf',
  ai: 'pdf',
  indd: 'indd',
  doc: 'office',
  docx: 'office',
  xls: 'office',
  xlsx: 'office',
  csv: 'text',
  txt: 'text',
};

/** How the refusal names what the extension promised. */
const EXTENSION_NAMES: Record<string, string> = {
  jpg: 'a JPEG image',
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  gif: 'a GIF image',
  tif: 'a TIFF image',
  tiff: 'a TIFF image',
  psd: 'a Photoshop document',
  psb: 'a Photoshop document',
  dng: 'a camera RAW file',
  cr2: 'a camera RAW file',
  crw: 'a camera RAW file',
  nef: 'a camera RAW file',
  arw: 'a camera RAW file',
  pdf: 'a PDF document',
  ai: 'an Illustrator document',
  indd: 'an InDesign document',
  doc: 'a Word document',
  docx: 'a Word document',
  xls: 'an Excel workbook',
  xlsx: 'an Excel workbook',
  csv: 'a CSV file',
  txt: 'a text file',
};

const PICTURE_KINDS: ReadonlySet<ContentKind['kind']> = new Set(['jpeg', 'png', 'gif', 'psd', 'psb', 'crw']);

/** TIFF containers whose camera format only the name tells. */
const TIFF_RAW_EXTENSIONS: Partial<Record<string, FileType>> = { dng: 'dng', nef: 'nef', arw: 'arw' };

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

function describe(content: ContentKind): string {
  switch (content.kind) {
    case 'jpeg':
      return 'a JPEG image';
    case 'png':
      return 'a PNG image';
    case 'gif':
      return 'a GIF image';
    case 'tiff':
      return content.canonCr2 ? 'a camera RAW file' : 'a TIFF image';
    case 'crw':
      return 'a camera RAW file';
    case 'psd':
    case 'psb':
      return 'a Photoshop document';
    case 'pdf':
      return 'a PDF document';
    case 'postscript':
      return 'a PostScript document';
    case 'indd':
      return 'an InDesign document';
    case 'ole2':
      return content.holds === 'excel' ? 'an Excel workbook' : 'an Office document';
    case 'zip':
      return content.holds === 'word'
        ? 'a Word document'
        : content.holds === 'excel'
          ? 'an Excel workbook'
          : 'a ZIP archive';
    case 'text':
      return 'text';
    case 'markup':
      return 'a web page or markup (HTML, XML or SVG)';
    case 'executable':
      return content.what;
    case 'other':
      return content.what ?? 'a file of an unknown format';
  }
}

/** The type a picture's content says, the extension naming the camera for TIFF-based RAW. */
function pictureType(content: ContentKind, extension: string): FileType | null {
  if (content.kind === 'tiff') return content.canonCr2 ? 'cr2' : (TIFF_RAW_EXTENSIONS[extension] ?? 'tiff');
  return PICTURE_KINDS.has(content.kind) ? (content.kind as FileType) : null;
}

function officeType(content: ContentKind, extension: string): FileType | null {
  const wordByName = extension === 'doc' || extension === 'docx';
  if (content.kind === 'ole2' && content.holds !== 'other') {
    if (content.holds === 'word' || content.holds === 'excel')
      return content.holds === 'word' ? 'doc' : 'xls';
    return wordByName ? 'doc' : 'xls';
  }
  if (content.kind === 'zip' && content.holds !== 'other') {
    if (content.holds === 'word' || content.holds === 'excel')
      return content.holds === 'word' ? 'docx' : 'xlsx';
    return wordByName ? 'docx' : 'xlsx';
  }
  return null;
}

function typeFor(content: ContentKind, family: Family, extension: string): FileType | null {
  switch (family) {
    case 'picture':
      return pictureType(content, extension);
    case 'pdf':
      if (content.kind === 'pdf') return extension === 'ai' ? 'ai' : 'pdf';
      return content.kind === 'postscript' && extension === 'ai' ? 'ai' : null;
    case 'indd':
      return content.kind === 'indd' ? 'indd' : null;
    case 'office':
      return officeType(content, extension);
    case 'text':
      return content.kind === 'text' ? (extension === 'csv' ? 'csv' : 'txt') : null;
  }
}

const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;

/** The type of a file held in memory (a comment's attachment): see detectFileType. */
export function detectFileTypeIn(data: Buffer, filename: string): FileTypeDetection {
  const head = data.subarray(0, HEAD_BYTES);
  return detectFileType(head, filename, isZip(head) ? zipListingIn(data) : null);
}

/** The type of an upload read where it lies: its first HEAD_BYTES and, for a ZIP, its central directory. */
export async function detectFileTypeOf(source: ByteSource, filename: string): Promise<FileTypeDetection> {
  const head = await source.read(0, HEAD_BYTES);
  return detectFileType(head, filename, isZip(head) ? await zipListingOf(source) : null);
}

/** The type of a local file: see detectFileTypeOf. */
export async function detectFileTypeOfFile(path: string, filename: string): Promise<FileTypeDetection> {
  const file = await open(path, 'r');
  try {
    return await detectFileTypeOf(fileByteSource(file, (await file.stat()).size), filename);
  } finally {
    await file.close();
  }
}

/**
 * The type of an upload, from its content first (its first HEAD_BYTES, and for a ZIP the part
 * names its central directory lists, when it could be read) and its name second: a picture named
 * as another picture format is that picture; anything named as another family (a ZIP named .jpg,
 * a PDF named .docx, binary named .txt), markup and programs are refused.
 */
export function detectFileType(
  head: Buffer,
  filename: string,
  zip: ZipListing | null = null,
): FileTypeDetection {
  const sniffed = detectContentKind(head);
  const content: ContentKind =
    sniffed.kind === 'zip' && zip ? { kind: 'zip', holds: zipHolds(zip.names, zip.complete) } : sniffed;
  const extension = extensionOf(filename);
  const what = describe(content);
  if (content.kind === 'executable') {
    return { ok: false, reason: `The file ${filename} is ${what}, which cannot be uploaded.` };
  }
  if (content.kind === 'markup') {
    return { ok: false, reason: `The file ${filename} is ${what}, which cannot be uploaded.` };
  }
  const family = EXTENSION_FAMILY[extension];
  if (!family) {
    return { ok: false, reason: `The file ${filename} has an extension that is not allowed.` };
  }
  if (head.length === 0 && family !== 'text') {
    return { ok: false, reason: `The file ${filename} is empty.` };
  }
  const type = typeFor(content, family, extension);
  if (type) return { ok: true, type };
  const expected = EXTENSION_NAMES[extension] ?? 'an allowed format';
  if (describe(content) === expected) {
    return { ok: false, reason: `The file ${filename} is ${what} of a kind that is not supported.` };
  }
  return { ok: false, reason: `The file ${filename} is ${what}, not ${expected}.` };
}
