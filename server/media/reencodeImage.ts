import sharp from 'sharp';
import { avatarKind, CONTENT_TYPES, type ImageKind } from './imageSignature';

export interface ReencodedImage {
  kind: ImageKind;
  contentType: string;
  data: Buffer;
  extension: string;
}

/** Pictures larger than this are refused before they are decoded (a pixel bomb stays a small file). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * An uploaded avatar, logo or cover, decoded and written anew: what is stored is only pixels this
 * server drew, so nothing hidden in the file (a script after a GIF header, metadata, a second file
 * glued on) survives, the EXIF orientation is applied, and the size is bounded. Answers null for a
 * file whose name and content disagree or that does not decode as the image it claims to be.
 */
export async function reencodeImage(
  filename: string,
  data: Buffer,
  options: { maxSide: number },
): Promise<ReencodedImage | null> {
  const kind = avatarKind(filename, data);
  if (!kind) return null;
  try {
    const image = sharp(data, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: kind === 'gif',
      failOn: 'error',
    })
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true });
    const output =
      kind === 'jpeg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : kind === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.gif();
    return {
      kind,
      contentType: CONTENT_TYPES[kind],
      data: await output.toBuffer(),
      extension: kind === 'jpeg' ? 'jpg' : kind,
    };
  } catch {
    return null;
  }
}
