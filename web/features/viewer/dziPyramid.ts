import type { Rect, Size } from './viewMath';

/**
 * A DeepZoom pyramid (the `.dzi` descriptor the server writes for pictures over 12 MP): level
 * `maxLevel` is the original, each level below it half as large, rounded up, down to 1 × 1.
 * Level `l`'s tiles are `<name>_files/<l>/<col>_<row>.<format>`, `tileSize` square plus `overlap`
 * pixels shared with each neighbour.
 */
export interface Pyramid extends Size {
  tileSize: number;
  overlap: number;
  format: string;
  maxLevel: number;
  /** The folder of the levels, ending with a slash. */
  tilesBase: string;
}

export interface Tile {
  level: number;
  col: number;
  row: number;
  url: string;
  /** Where the tile's pixels go, in the original's pixels. */
  bounds: Rect;
}

const LIMIT = 16;

function attribute(xml: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*"([^"]{1,${LIMIT}})"`).exec(xml);
  return match?.[1] ?? null;
}

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

/** Reads a descriptor; null when it is not one (the viewer then shows the preview alone). */
export function parseDzi(xml: string, dziUrl: string): Pyramid | null {
  const text = xml.slice(0, 4096);
  const tileSize = positiveInt(attribute(text, 'TileSize'));
  const overlapText = attribute(text, 'Overlap');
  const overlap = overlapText === '0' ? 0 : positiveInt(overlapText);
  const format = attribute(text, 'Format');
  const width = positiveInt(attribute(text, 'Width'));
  const height = positiveInt(attribute(text, 'Height'));
  if (!tileSize || overlap === null || !width || !height || !format || !/^(jpe?g|png)$/.test(format))
    return null;
  if (!dziUrl.endsWith('.dzi')) return null;
  return {
    width,
    height,
    tileSize,
    overlap,
    format,
    maxLevel: Math.ceil(Math.log2(Math.max(width, height))),
    tilesBase: `${dziUrl.slice(0, -'.dzi'.length)}_files/`,
  };
}

/** How many original pixels one pixel of `level` stands for. */
export function levelFactor(pyramid: Pyramid, level: number): number {
  return 2 ** (pyramid.maxLevel - level);
}

export function levelSize(pyramid: Pyramid, level: number): Size {
  const factor = levelFactor(pyramid, level);
  return { width: Math.ceil(pyramid.width / factor), height: Math.ceil(pyramid.height / factor) };
}

/**
 * The level to draw at `scale` (stage pixels per original pixel) on a screen of `pixelRatio`: the
 * smallest whose pixels are no larger than the screen's, so the picture is sharp at every zoom
 * and no finer level is fetched than the screen can show.
 */
export function chooseLevel(pyramid: Pyramid, scale: number, pixelRatio: number): number {
  const devicePixels = scale * pixelRatio;
  if (devicePixels <= 0) return 0;
  const level = pyramid.maxLevel + Math.ceil(Math.log2(devicePixels) - 1e-9);
  return Math.max(0, Math.min(pyramid.maxLevel, level));
}

/** The tiles of `level` that cover `area` (original pixels), row by row. */
export function visibleTiles(pyramid: Pyramid, level: number, area: Rect): Tile[] {
  if (area.width <= 0 || area.height <= 0) return [];
  const factor = levelFactor(pyramid, level);
  const size = levelSize(pyramid, level);
  const { tileSize, overlap } = pyramid;
  const cols = Math.ceil(size.width / tileSize);
  const rows = Math.ceil(size.height / tileSize);
  const first = (start: number) => Math.max(0, Math.floor(start / factor / tileSize));
  const last = (end: number, count: number) =>
    Math.min(count - 1, Math.floor((end / factor - 1e-6) / tileSize));
  const tiles: Tile[] = [];
  for (let row = first(area.y); row <= last(area.y + area.height, rows); row++)
    for (let col = first(area.x); col <= last(area.x + area.width, cols); col++) {
      const left = col * tileSize - (col > 0 ? overlap : 0);
      const top = row * tileSize - (row > 0 ? overlap : 0);
      const right = Math.min(size.width, (col + 1) * tileSize + overlap);
      const bottom = Math.min(size.height, (row + 1) * tileSize + overlap);
      const x = left * factor;
      const y = top * factor;
      tiles.push({
        level,
        col,
        row,
        url: `${pyramid.tilesBase}${level}/${col}_${row}.${pyramid.format}`,
        bounds: {
          x,
          y,
          width: Math.min(pyramid.width, right * factor) - x,
          height: Math.min(pyramid.height, bottom * factor) - y,
        },
      });
    }
  return tiles;
}

/**
 * The levels worth drawing from tiles, coarse to fine: those finer than the preview already on
 * screen (`baseWidth` pixels wide) up to `level`. Coarser ones would add nothing.
 */
export function tileLevels(pyramid: Pyramid, level: number, baseWidth: number): number[] {
  const levels: number[] = [];
  for (let l = 0; l <= level; l++) if (levelSize(pyramid, l).width > baseWidth) levels.push(l);
  return levels;
}
