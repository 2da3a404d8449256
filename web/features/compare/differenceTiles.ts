import {
  chooseLevel,
  levelFactor,
  levelSize,
  visibleTiles,
  type Pyramid,
  visibleImageRect,
  type ViewTransform,
} from '@web/features/viewer';
import { alignedFrame, type Rect, type Size } from './alignRounds';

/** Where round B's pixels come from when a base tile is compared: its own pyramid, or its preview alone. */
export type OtherSource = { pyramid: Pyramid } | { previewUrl: string; size: Size };

/** A picture of round B drawn into a base tile: its address and where it goes, in the base's pixels. */
export interface OtherPiece {
  url: string;
  bounds: Rect;
}

/**
 * One base tile to compare: the base round's tile, and round B's pictures that cover the same
 * part of the aligned rounds, to be drawn into a canvas of the base tile's size.
 */
export interface TileJob {
  /** The base tile and the level round B is read at: what a painted tile is cached by. */
  key: string;
  level: number;
  baseUrl: string;
  /** Where the base tile's pixels go, in the base round's pixels. */
  bounds: Rect;
  /** The part of `bounds` round B covers (its aligned frame), in the base's pixels; null: none. */
  cover: Rect | null;
  other: OtherPiece[];
}

/**
 * Whether the view shows the base round larger than its preview does, so that the preview's
 * difference is magnified and the tiles' is worth working out: scale above preview / image width.
 */
export function tilesWorthIt(scale: number, imageWidth: number, previewWidth: number): boolean {
  return imageWidth > 0 && previewWidth > 0 && previewWidth < imageWidth && scale > previewWidth / imageWidth;
}

function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/**
 * Round B's rectangle, in its own pixels, that lies under `rect` of the base round once both are
 * aligned by their relative size (alignRounds): clipped to round B, null where B does not reach.
 */
export function otherRectFor(rect: Rect, base: Size, other: Size): Rect | null {
  const frame = alignedFrame(base, other);
  const covered = intersect(rect, frame);
  if (!covered) return null;
  const k = other.width / frame.width;
  return {
    x: (covered.x - frame.x) * k,
    y: (covered.y - frame.y) * k,
    width: covered.width * k,
    height: covered.height * k,
  };
}

/**
 * The level of round B's pyramid to read for a base tile of `baseLevel`: the smallest whose
 * pixels are no larger than the base tile's once aligned, so both are compared at the same
 * on-screen scale (the viewer's own rule, chooseLevel, at B's scale to the tile).
 */
export function otherLevel(base: Pyramid, baseLevel: number, other: Pyramid): number {
  const frame = alignedFrame(base, other);
  // Base pixels per one of B's, and per one of the base tile's.
  const otherPixel = frame.width / other.width;
  return chooseLevel(other, otherPixel / levelFactor(base, baseLevel), 1);
}

/** The jobs of the base tiles of `level` that cover `area` (the base round's pixels). */
export function tileJobs(base: Pyramid, level: number, area: Rect, other: OtherSource): TileJob[] {
  const otherSize = 'pyramid' in other ? other.pyramid : other.size;
  const frame = alignedFrame(base, otherSize);
  const k = frame.width / otherSize.width;
  const toBase = (r: Rect): Rect => ({
    x: frame.x + r.x * k,
    y: frame.y + r.y * k,
    width: r.width * k,
    height: r.height * k,
  });
  const readAt = 'pyramid' in other ? otherLevel(base, level, other.pyramid) : -1;
  return visibleTiles(base, level, area).map((tile) => {
    const cover = intersect(tile.bounds, frame);
    const wanted = otherRectFor(tile.bounds, base, otherSize);
    let pieces: OtherPiece[] = [];
    if (wanted)
      pieces =
        'pyramid' in other
          ? visibleTiles(other.pyramid, readAt, wanted).map((t) => ({ url: t.url, bounds: toBase(t.bounds) }))
          : [{ url: other.previewUrl, bounds: frame }];
    return {
      key: `${tile.url}|${readAt}`,
      level,
      baseUrl: tile.url,
      bounds: tile.bounds,
      cover,
      other: pieces,
    };
  });
}

/** The level whose tiles the view at `scale` on a screen of `ratio` compares. */
export function differenceLevel(base: Pyramid, scale: number, ratio: number): number {
  return chooseLevel(base, scale, ratio);
}

/**
 * The levels to draw tile differences of, coarse to fine: those finer than the preview up to the
 * level the view needs, so a tile still being compared leaves the next best in its place.
 */
export function differenceLevels(base: Pyramid, level: number, previewWidth: number): number[] {
  const levels: number[] = [];
  for (let l = 0; l <= level; l++) if (levelSize(base, l).width > previewWidth) levels.push(l);
  return levels;
}

/** The base round's pixels on screen, and the middle first: the order tiles are compared in. */
export function viewArea(transform: ViewTransform, image: Size, stage: Size): Rect {
  return visibleImageRect(transform, image, stage);
}

/** Jobs nearest the middle of `area` first. */
export function nearestFirst(jobs: TileJob[], area: Rect): TileJob[] {
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  const distance = (job: TileJob) =>
    Math.hypot(job.bounds.x + job.bounds.width / 2 - cx, job.bounds.y + job.bounds.height / 2 - cy);
  return [...jobs].sort((a, b) => distance(a) - distance(b));
}
