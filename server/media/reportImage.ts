import sharp from 'sharp';

/** Pictures PDF documents embed as they are; anything else is made a PNG first. */
const EMBEDDABLE = new Set(['image/jpeg', 'image/png']);

/**
 * A stored preview as a PDF report can embed it: JPEG and PNG as they are, another picture (an
 * animated GIF's preview) as a PNG of its first frame; null when it cannot be decoded.
 */
export async function embeddableImage(bytes: Buffer, contentType: string): Promise<Buffer | null> {
  if (EMBEDDABLE.has(contentType)) return bytes;
  try {
    return await sharp(bytes, { pages: 1, limitInputPixels: 100_000_000 }).png().toBuffer();
  } catch {
    return null;
  }
}
