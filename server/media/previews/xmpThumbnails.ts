import { open } from 'node:fs/promises';
import sharp from 'sharp';

/**
 * The previews Adobe applications embed in a file's XMP: `xmpGImg:image`, a base64 JPEG, in the
 * document's xmp:Thumbnails (Illustrator, InDesign) and per page in xmp:PageInfo (InDesign).
 * The file is scanned as bytes, never parsed as its format, so a truncated file (an AI with no
 * PDF trailer) still gives up the thumbnails written before the cut.
 */
export interface XmpPreviews {
  /** The JPEGs in file order (only those that start like a JPEG). */
  images: Buffer[];
  /** xmpTPg:NPages when the XMP states it. */
  pageCount?: number;
}

/** Element and attribute forms: `<xmpGImg:image>…</xmpGImg:image>` and `xmpGImg:image="…"`. */
const IMAGE_DELIMITERS = [
  { start: '<xmpGImg:image>', end: '</xmpGImg:image>' },
  { start: 'xmpGImg:image="', end: '"' },
];
const PAGE_COUNT = /xmpTPg:NPages(?:>\s*|="\s*)(\d{1,6})/;
const CHUNK_BYTES = 1024 * 1024;
/** Longer than any tag we look for, so a tag split across two chunks is still found. */
const CARRY_CHARS = 64;
const MAX_IMAGES = 64;
/** A page preview is a few hundred kB; more base64 than this is not a preview. */
const MAX_IMAGE_CHARS = 16 * 1024 * 1024;

export async function readXmpPreviews(path: string, signal: AbortSignal): Promise<XmpPreviews> {
  const images: Buffer[] = [];
  let pageCount: number | undefined;
  const file = await open(path, 'r');
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let text = '';
    /** While inside an image: its end tag and the base64 gathered so far. */
    let inside: { end: string; base64: string } | null = null;
    for (;;) {
      signal.throwIfAborted();
      const { bytesRead } = await file.read(chunk, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      text += chunk.toString('latin1', 0, bytesRead);

      for (;;) {
        if (inside) {
          const endAt = text.indexOf(inside.end);
          if (endAt < 0) {
            const keep = Math.max(0, text.length - CARRY_CHARS);
            inside.base64 += text.slice(0, keep);
            text = text.slice(keep);
            if (inside.base64.length > MAX_IMAGE_CHARS) inside = null;
            break;
          }
          const jpeg = decodeBase64Jpeg(inside.base64 + text.slice(0, endAt));
          if (jpeg) images.push(jpeg);
          text = text.slice(endAt + inside.end.length);
          inside = null;
          if (images.length >= MAX_IMAGES) return { images, pageCount };
          continue;
        }
        pageCount ??= readPageCount(text);
        const next = nextImageStart(text);
        if (!next) {
          text = text.slice(Math.max(0, text.length - CARRY_CHARS));
          break;
        }
        text = text.slice(next.index + next.delimiter.start.length);
        inside = { end: next.delimiter.end, base64: '' };
      }
    }
  } finally {
    await file.close();
  }
  return { images, pageCount };
}

function nextImageStart(text: string) {
  let found: { index: number; delimiter: (typeof IMAGE_DELIMITERS)[number] } | null = null;
  for (const delimiter of IMAGE_DELIMITERS) {
    const index = text.indexOf(delimiter.start);
    if (index >= 0 && (!found || index < found.index)) found = { index, delimiter };
  }
  return found;
}

function readPageCount(text: string): number | undefined {
  const match = PAGE_COUNT.exec(text);
  const count = match ? Number(match[1]) : 0;
  return count > 0 ? count : undefined;
}

/** XMP wraps the base64 with `&#xA;` entities and whitespace. */
function decodeBase64Jpeg(encoded: string): Buffer | null {
  const base64 = encoded.replace(/&#x?[0-9a-fA-F]+;|\s/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  return bytes[0] === 0xff && bytes[1] === 0xd8 ? bytes : null;
}

/**
 * The embedded preview to show: the largest that decodes (the first of equal size, so page 1
 * of an InDesign document wins over later pages of its size); null when none decodes.
 */
export async function largestDecodableImage(images: Buffer[]): Promise<Buffer | null> {
  let best: { image: Buffer; area: number } | null = null;
  for (const image of images) {
    const area = await decodedArea(image);
    if (area > 0 && (!best || area > best.area)) best = { image, area };
  }
  return best?.image ?? null;
}

async function decodedArea(image: Buffer): Promise<number> {
  try {
    const { info } = await sharp(image, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
    return info.width * info.height;
  } catch {
    return 0;
  }
}
