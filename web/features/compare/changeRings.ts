import type { Rect } from './alignRounds';
import type { PixelBox } from './pixelDifference';

/** A change smaller than this on screen (CSS pixels, on its longer side) gets a ring to be found by. */
const SMALL_PX = 12;
/** The ring's least radius and its room around the change, in CSS pixels. */
const RING_MIN_RADIUS_PX = 14;
const RING_ROOM_PX = 6;

export interface Ring {
  x: number;
  y: number;
  radius: number;
}

/**
 * A ring around a tile's changed pixels when they are too few to be seen (a dust spot or a
 * retouched pore at 100 % is a handful of screen pixels): `tile` is where the tile is drawn
 * (device pixels), `size` its own pixels, `box` its changed pixels' box; null for a change big
 * enough to see, or none.
 */
export function ringAround(
  tile: Rect,
  size: { width: number; height: number },
  box: PixelBox | null,
  ratio: number,
): Ring | null {
  if (!box) return null;
  const sx = tile.width / size.width;
  const sy = tile.height / size.height;
  const width = box.width * sx;
  const height = box.height * sy;
  if (Math.max(width, height) >= SMALL_PX * ratio) return null;
  return {
    x: tile.x + (box.x + box.width / 2) * sx,
    y: tile.y + (box.y + box.height / 2) * sy,
    radius: Math.max(RING_MIN_RADIUS_PX * ratio, Math.hypot(width, height) / 2 + RING_ROOM_PX * ratio),
  };
}

/**
 * Draws the rings: a light magenta over a dark halo, so they show on light and dark alike; not the
 * changed pixels' own magenta, so a ring is never read as a change.
 */
export function drawRings(context: CanvasRenderingContext2D, rings: readonly Ring[], ratio: number) {
  for (const [colour, width] of [
    ['rgb(0 0 0 / 55%)', 4],
    ['rgb(255 110 210)', 2],
  ] as const) {
    context.strokeStyle = colour;
    context.lineWidth = width * ratio;
    for (const ring of rings) {
      context.beginPath();
      context.arc(ring.x, ring.y, ring.radius, 0, Math.PI * 2);
      context.stroke();
    }
  }
}
