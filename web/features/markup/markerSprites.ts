import { MARKER_BORDER as BORDER, MARKER_HEIGHT, markerWidth, type MarkerSpot } from './markerSpots';

/** Room around a marker's box for its shadow (and the lit marker's ring and growth). */
const MARGIN = 12;
const LIT_SCALE = 1.2;
const FONT = '750 11px Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

export interface MarkerSprite {
  image: HTMLCanvasElement;
  /** CSS pixels of the sprite, its centre on the marker's point. */
  width: number;
  height: number;
}

/**
 * One marker drawn once into a small canvas, with its border, number and shadow, at the screen's
 * pixel ratio; a zoom frame only copies these sprites to their places (shadows are what made 400
 * markers in the page cost a repaint each frame).
 */
function drawSprite(spot: MarkerSpot, lit: boolean, ratio: number): MarkerSprite {
  const grow = lit ? LIT_SCALE : 1;
  const boxWidth = markerWidth(spot.number);
  const width = Math.ceil(boxWidth * grow) + 2 * MARGIN;
  const height = Math.ceil(MARKER_HEIGHT * grow) + 2 * MARGIN;
  const image = document.createElement('canvas');
  image.width = Math.ceil(width * ratio);
  image.height = Math.ceil(height * ratio);
  const context = image.getContext('2d');
  if (!context) return { image, width, height };
  context.scale(ratio, ratio);
  context.translate(width / 2, height / 2);
  context.scale(grow, grow);
  const left = -boxWidth / 2;
  const top = -MARKER_HEIGHT / 2;
  const radius = MARKER_HEIGHT / 2;
  if (lit) {
    context.beginPath();
    context.roundRect(left - 3, top - 3, boxWidth + 6, MARKER_HEIGHT + 6, radius + 3);
    context.fillStyle = 'rgb(255 255 255 / 35%)';
    context.fill();
  }
  context.shadowColor = 'rgb(0 0 0 / 45%)';
  context.shadowBlur = (lit ? 10 : 8) * ratio;
  context.shadowOffsetY = (lit ? 4 : 2) * ratio;
  context.beginPath();
  context.roundRect(left, top, boxWidth, MARKER_HEIGHT, radius);
  context.fillStyle = spot.color;
  context.fill();
  context.shadowColor = 'transparent';
  context.beginPath();
  context.roundRect(
    left + BORDER,
    top + BORDER,
    boxWidth - 2 * BORDER,
    MARKER_HEIGHT - 2 * BORDER,
    radius - BORDER,
  );
  context.fillStyle = '#ffffff';
  context.fill();
  context.fillStyle = '#1c1d20';
  context.font = FONT;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(String(spot.number), 0, 0.5);
  return { image, width, height };
}

/** The sprites drawn so far, by what makes them look different. */
export class MarkerSprites {
  private readonly sprites = new Map<string, MarkerSprite>();

  get(spot: MarkerSpot, lit: boolean, ratio: number): MarkerSprite {
    const key = `${spot.number}|${spot.color}|${lit ? 1 : 0}|${ratio}`;
    let sprite = this.sprites.get(key);
    if (!sprite) {
      sprite = drawSprite(spot, lit, ratio);
      this.sprites.set(key, sprite);
    }
    return sprite;
  }
}
