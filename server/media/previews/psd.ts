import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { initializeCanvas, readPsd } from 'ag-psd';
import sharp from 'sharp';
import { imageMagickLimits, MEMORY_LIMITS } from './memoryLimits';
import { runTool } from './processes';
import { outcomeFromError, PreviewError, REASONS } from './previewError';
import { compositeOnlyPsd, COLOR_MODES, readPsdFile, type PsdFile } from './psdFile';
import { withSpotInks } from './psdSpotInks';
import { MAX_INPUT_PIXELS, renditionsFromImage } from './renditions';
import type { PreviewInput, PreviewOutcome } from './types';

/**
 * ag-psd decodes the composite whole into memory (4 samples a pixel): past this many bytes the
 * document goes through ImageMagick, whose pixel cache spills to disk within its limits.
 */
const MAX_IN_MEMORY_BYTES = 160 * 1024 * 1024;
const IMAGEMAGICK_TIMEOUT_MS = 120_000;
const IN_MEMORY_MODES = new Set([
  COLOR_MODES.bitmap,
  COLOR_MODES.grayscale,
  COLOR_MODES.indexed,
  COLOR_MODES.rgb,
]);

// Composite pixels as plain arrays: no canvas is drawn on the server (layers and thumbnails are skipped).
initializeCanvas(
  () => {
    throw new Error('No canvas on the server');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }),
);

/**
 * PSD and PSB: the composite Photoshop saved with the document ("Maximize compatibility"), never
 * the layers, with its spot colour channels inked over it. RGB, grey and indexed documents are decoded by ag-psd; CMYK, Lab, multichannel and
 * duotone ones, 32-bit ones and very large ones by ImageMagick, as a child process within
 * imageMagickMemoryBytes (memoryLimits.ts).
 */
export async function renderPsd(
  input: PreviewInput,
  imageMagickMemoryBytes: number = MEMORY_LIMITS.imageMagick,
): Promise<PreviewOutcome> {
  try {
    const psd = await readPsdFile(input.path);
    if (psd.width * psd.height > MAX_INPUT_PIXELS) throw new PreviewError('too_large', REASONS.tooLarge);
    input.signal.throwIfAborted();
    const composite = inMemory(psd)
      ? await compositeWithAgPsd(input, psd)
      : await compositeWithImageMagick(input, imageMagickMemoryBytes);
    input.signal.throwIfAborted();
    const shown = await withSpotInks(composite, input.path, psd, input.workDir);
    const renditions = await renditionsFromImage(shown, { workDir: input.workDir, signal: input.signal });
    return { ok: true, renditions };
  } catch (error) {
    return outcomeFromError(error, 'ImageMagick');
  }
}

function inMemory(psd: PsdFile): boolean {
  const bytesPerSample = psd.depth === 16 ? 2 : 1;
  return (
    IN_MEMORY_MODES.has(psd.colorMode) &&
    [1, 8, 16].includes(psd.depth) &&
    psd.width * psd.height * 4 * bytesPerSample <= MAX_IN_MEMORY_BYTES
  );
}

/** The composite as a PNG in the job's folder, with the document's colour profile in it. */
async function compositeWithAgPsd(input: PreviewInput, psd: PsdFile): Promise<string> {
  let decoded: ReturnType<typeof readPsd>;
  try {
    decoded = readPsd(await compositeOnlyPsd(input.path, psd), {
      skipLayerImageData: true,
      skipThumbnail: true,
      useImageData: true,
    });
  } catch (error) {
    if (error instanceof PreviewError) throw error;
    throw new PreviewError('unreadable', 'The composite image of this Photoshop file could not be read.');
  }
  const image = decoded.imageData;
  if (!image) throw new PreviewError('unreadable', 'This Photoshop file has no composite image.');
  const png = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
  const path = join(input.workDir, 'composite.png');
  await writeFile(path, psd.iccProfile ? withIccProfile(png, psd.iccProfile) : png);
  return path;
}

/** A PNG with an iCCP chunk after its header, so the composite is converted from its own profile. */
export function withIccProfile(png: Buffer, profile: Buffer): Buffer {
  const data = Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(profile)]);
  const type = Buffer.from('iCCP', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const afterHeader = 8 + 25; // signature, then IHDR: length, type, 13 bytes, CRC
  return Buffer.concat([png.subarray(0, afterHeader), length, type, data, crc, png.subarray(afterHeader)]);
}

/** CMYK and the rest: ImageMagick writes the composite (`[0]`) as a TIFF keeping its profile. */
async function compositeWithImageMagick(input: PreviewInput, memoryBytes: number): Promise<string> {
  const output = join(input.workDir, 'composite.tif');
  const { code, stderr } = await runTool(
    'convert',
    [...imageMagickLimits(memoryBytes), `${input.path}[0]`, '-compress', 'LZW', `tiff:${output}`],
    {
      signal: input.signal,
      timeoutMs: IMAGEMAGICK_TIMEOUT_MS,
      maxOutputBytes: 1024 * 1024,
      memoryLimitBytes: memoryBytes,
      cwd: input.workDir,
    },
  );
  if (code !== 0) {
    if (/exceeds limit|cache resources exhausted|too large/i.test(stderr)) {
      throw new PreviewError('too_large', REASONS.tooLarge);
    }
    throw new PreviewError('unreadable', 'The composite image of this Photoshop file could not be read.');
  }
  return output;
}
