import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type FailOnOptions, type OutputInfo, type Sharp } from 'sharp';
import { previewErrorFromSharp, PreviewError, REASONS } from './previewError';
import type { Renditions } from './types';

/**
 * libvips keeps no cache between jobs (every file is new) and works on one thread per picture:
 * on glibc more threads mostly fragment memory, and a 2-core machine runs two jobs at once.
 */
sharp.cache(false);
sharp.concurrency(1);

/**
 * Decoding bounds. 300 MP lets a 280 MP JPEG through: JPEG shrinks on load (1/8 scale), so its
 * preview peaks near 80 MB; other formats stream line by line through the resize. Past this, or
 * for a header claiming more (a pixel bomb), the round fails with 'too_large'.
 */
export const MAX_INPUT_PIXELS = 300_000_000;
/** Pictures over this get a DeepZoom pyramid for 100 % detail. */
export const TILES_OVER_PIXELS = 12_000_000;
/** Rotating a picture for its tiles holds it whole in memory: past this, no tiles (the preview stays). */
const MAX_ROTATED_TILE_PIXELS = 120_000_000;
/** Per libvips pipeline; the job's own signal stops the steps in between. */
const PIPELINE_SECONDS = 90;

const PREVIEW_SIZE = 2048;
const THUMBNAIL_SIZE = 400;
const LQIP_SIZE = 32;
const TILE_SIZE = 512;
/** Transparency is shown on a neutral light grey, neither white nor black. */
const BACKGROUND = { r: 240, g: 240, b: 240 };

export interface RenditionOptions {
  /** The job's scratch folder: the tile pyramid goes under it. */
  workDir: string;
  /** Pages of the document this picture is the first page of (1 by default). */
  pageCount?: number;
  /** The page (0-based) of a multi-page input to draw. */
  page?: number;
  /** An animated GIF keeps its animation as its preview. */
  animated?: boolean;
  /**
   * The EXIF orientation to apply instead of the input's own: a RAW's embedded preview carries
   * none, the RAW says how to turn it.
   */
  orientation?: number;
  /** Make a tile pyramid when over 12 MP (default true). */
  tiles?: boolean;
  signal?: AbortSignal;
}

type Input = string | Buffer;

interface Master {
  data: Buffer;
  info: OutputInfo;
}

function open(input: Input, page: number, failOn: FailOnOptions, animated = false): Sharp {
  return sharp(input, {
    page,
    pages: animated ? -1 : 1,
    failOn,
    limitInputPixels: MAX_INPUT_PIXELS,
    sequentialRead: true,
  }).timeout({ seconds: PIPELINE_SECONDS });
}

/** EXIF orientations as the rotation and mirror that undo them. */
const ORIENTATIONS: Record<number, { angle: number; flop: boolean }> = {
  2: { angle: 0, flop: true },
  3: { angle: 180, flop: false },
  4: { angle: 180, flop: true },
  5: { angle: 270, flop: true },
  6: { angle: 90, flop: false },
  7: { angle: 90, flop: true },
  8: { angle: 270, flop: false },
};

/** Applies an EXIF orientation to an already reduced picture (rotating the full one would hold it whole). */
function orient(image: Sharp, orientation: number | undefined): Sharp {
  const turn = ORIENTATIONS[orientation ?? 1];
  if (!turn) return image;
  const rotated = turn.angle ? image.rotate(turn.angle) : image;
  return turn.flop ? rotated.flop() : rotated;
}

/**
 * The picture at screen size in sRGB, flattened and oriented, as raw pixels every other size is
 * made from. The box is square, so the picture can be reduced before it is turned.
 */
async function decodeMaster(
  input: Input,
  page: number,
  failOn: FailOnOptions,
  orientation: number | undefined,
): Promise<Master> {
  const reduced = await open(input, page, failOn)
    .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: BACKGROUND })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (!ORIENTATIONS[orientation ?? 1]) return reduced;
  const { data, info } = reduced;
  return orient(sharp(data, { raw: info }), orientation)
    .raw()
    .toBuffer({ resolveWithObject: true });
}

const fromMaster = ({ data, info }: Master) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

async function sizesFrom(master: Master) {
  const [preview, lowRes, thumbnail, tiny] = await Promise.all([
    fromMaster(master).jpeg({ quality: 85, progressive: true }).toBuffer(),
    fromMaster(master).jpeg({ quality: 70 }).toBuffer(),
    fromMaster(master)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer(),
    fromMaster(master)
      .resize(LQIP_SIZE, LQIP_SIZE, { fit: 'inside', withoutEnlargement: true })
      .blur(0.6)
      .webp({ quality: 35 })
      .toBuffer(),
  ]);
  return { preview, lowRes, thumbnail, lqip: `data:image/webp;base64,${tiny.toString('base64')}` };
}

async function animatedPreview(input: Input): Promise<Buffer | null> {
  try {
    return await open(input, 0, 'error', true)
      .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
      .gif()
      .toBuffer();
  } catch {
    // Too many frames for the pixel limit, or a broken frame: the first frame as JPEG will do.
    return null;
  }
}

async function writeTiles(
  input: Input,
  page: number,
  failOn: FailOnOptions,
  orientation: number,
  workDir: string,
): Promise<string> {
  const tilesDir = join(workDir, 'tiles');
  await mkdir(tilesDir, { recursive: true });
  await orient(open(input, page, failOn), orientation)
    .flatten({ background: BACKGROUND })
    .toColourspace('srgb')
    .jpeg({ quality: 80 })
    .tile({ size: TILE_SIZE, layout: 'dz' })
    .toFile(join(tilesDir, 'image.dz'));
  return tilesDir;
}

/**
 * The renditions of one picture (or one drawn page): thumbnail, screen preview and low-res JPEG,
 * a blurred placeholder, and tiles when it is over 12 MP. A picture that decodes only in part (a
 * truncated JPEG) is shown as far as it goes and marked damaged. Throws PreviewError.
 */
export async function renditionsFromImage(input: Input, options: RenditionOptions): Promise<Renditions> {
  const page = options.page ?? 0;
  const signal = options.signal;
  try {
    const metadata = await sharp(input, { page, limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const width = metadata.width ?? 0;
    const height = metadata.pageHeight ?? metadata.height ?? 0;
    const pixels = width * height;
    const orientation = options.orientation ?? metadata.orientation ?? 1;
    if (pixels > MAX_INPUT_PIXELS) throw new PreviewError('too_large', REASONS.tooLarge);
    signal?.throwIfAborted();

    let failOn: FailOnOptions = 'error';
    let damaged: string | undefined;
    let master: Master;
    try {
      master = await decodeMaster(input, page, failOn, orientation);
    } catch (error) {
      const failure = previewErrorFromSharp(error);
      if (failure.code !== 'unreadable') throw failure;
      failOn = 'none';
      master = await decodeMaster(input, page, failOn, orientation);
      damaged = REASONS.damaged;
    }
    signal?.throwIfAborted();

    const sizes = await sizesFrom(master);
    const animation =
      options.animated && (metadata.pages ?? 1) > 1 && !damaged ? await animatedPreview(input) : null;
    signal?.throwIfAborted();

    const turned = (ORIENTATIONS[orientation]?.angle ?? 0) % 180 !== 0;
    const upright = !ORIENTATIONS[orientation];
    const wantsTiles = (options.tiles ?? true) && pixels > TILES_OVER_PIXELS;
    const tilesDir =
      wantsTiles && (upright || pixels <= MAX_ROTATED_TILE_PIXELS)
        ? await writeTiles(input, page, failOn, orientation, options.workDir)
        : undefined;

    return {
      width: turned ? height : width,
      height: turned ? width : height,
      pageCount: options.pageCount ?? 1,
      thumbnail: sizes.thumbnail,
      preview: animation ?? sizes.preview,
      previewContentType: animation ? 'image/gif' : 'image/jpeg',
      lowRes: sizes.lowRes,
      lqip: sizes.lqip,
      ...(tilesDir ? { tilesDir } : {}),
      ...(damaged ? { damaged } : {}),
    };
  } catch (error) {
    throw previewErrorFromSharp(error);
  }
}
