import { chooseLevel, tileLevels, visibleTiles, type Pyramid, type Tile } from './dziPyramid';
import type { TileLoader } from './tileLoader';
import type { ViewState } from './viewController';
import { deviceRect } from './stageCanvas';
import { visibleImageRect, type Rect } from './viewMath';

export interface PictureLayers {
  /** The blurred placeholder: drawn at once, until the preview has come. */
  lqip: HTMLImageElement | null;
  /** The 2048 px preview: the whole picture, drawn under the tiles. */
  preview: HTMLImageElement | null;
  pyramid: Pyramid | null;
  tiles: TileLoader | null;
}

export interface DrawOutcome {
  /** The pyramid level the screen needs (null without a pyramid). */
  level: number | null;
  /** Tiles of that level still on their way: 0 when the picture is as sharp as the screen. */
  pending: number;
  /** What the screen shows at best: 'none', 'lqip', 'preview' or 'tiles'. */
  shown: 'none' | 'lqip' | 'preview' | 'tiles';
}

function byDistanceTo(area: Rect) {
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  const distance = (t: Tile) =>
    Math.hypot(t.bounds.x + t.bounds.width / 2 - cx, t.bounds.y + t.bounds.height / 2 - cy);
  return (a: Tile, b: Tile) => distance(a) - distance(b);
}

/**
 * One frame: the placeholder or the preview over the whole picture, then every loaded tile of the
 * levels finer than the preview, coarse to fine, so a tile on its way leaves the next best pixels
 * in its place. Asks the loader for the missing tiles of the level the screen needs, nearest the
 * middle first.
 */
export function drawPicture(
  context: CanvasRenderingContext2D,
  view: ViewState,
  layers: PictureLayers,
  ratio: number,
): DrawOutcome {
  const { canvas } = context;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  const image = view.image;
  if (!image) return { level: null, pending: 0, shown: 'none' };
  const whole = deviceRect(view, { x: 0, y: 0, ...image }, ratio);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  let shown: DrawOutcome['shown'] = 'none';
  if (layers.preview) {
    context.drawImage(layers.preview, whole.x, whole.y, whole.width, whole.height);
    shown = 'preview';
  } else if (layers.lqip) {
    context.filter = `blur(${Math.round(12 * ratio)}px)`;
    context.drawImage(layers.lqip, whole.x, whole.y, whole.width, whole.height);
    context.filter = 'none';
    shown = 'lqip';
  }
  const { pyramid, tiles } = layers;
  if (!pyramid || !tiles) return { level: null, pending: 0, shown };

  const level = chooseLevel(pyramid, view.transform.scale, ratio);
  const area = visibleImageRect(view.transform, image, view.stage);
  const levels = tileLevels(pyramid, level, layers.preview?.naturalWidth ?? 0);
  // Past 2 device pixels to one of the original, pixels show as squares: what a retoucher checks.
  const crisp = level === pyramid.maxLevel && view.transform.scale * ratio >= 2;
  for (const l of levels) {
    context.imageSmoothingEnabled = !(crisp && l === level);
    for (const tile of visibleTiles(pyramid, l, area)) {
      const loaded = tiles.get(tile.url);
      if (!loaded) continue;
      const target = deviceRect(view, tile.bounds, ratio);
      context.drawImage(loaded, target.x, target.y, target.width, target.height);
      shown = 'tiles';
    }
  }
  if (!levels.includes(level)) {
    tiles.want([]);
    return { level, pending: 0, shown };
  }
  const wanted = visibleTiles(pyramid, level, area)
    .sort(byDistanceTo(area))
    .map((t) => t.url);
  tiles.want(wanted);
  return { level, pending: tiles.pending(wanted), shown };
}
