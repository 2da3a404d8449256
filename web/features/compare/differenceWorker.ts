import { pixelFrame } from './differenceInputs';
import { comparedPixels, paintDifference } from './pixelDifference';

/** Main thread → worker: the two rounds' previews once, then each tolerance to paint the difference at. */
export type DifferenceRequest =
  { type: 'pair'; baseUrl: string; otherUrl: string } | { type: 'tolerance'; tolerance: number };

/** Worker → main thread: the painted difference (the base preview's size) and its counts, or a failure. */
export type DifferenceAnswer =
  | { type: 'painted'; tolerance: number; image: ImageBitmap; changed: number; compared: number }
  | { type: 'failed' };

interface Pair {
  base: Uint8ClampedArray;
  other: Uint8ClampedArray;
  width: number;
  height: number;
  compared: number;
}

let pair: Promise<Pair> | null = null;

async function bitmapOf(url: string): Promise<ImageBitmap> {
  const answer = await fetch(url, { credentials: 'same-origin' });
  if (!answer.ok) throw new Error(`${answer.status}`);
  return createImageBitmap(await answer.blob());
}

/** The two previews' pixels on canvases of the base's size, the other round in its aligned frame. */
async function loadPair(baseUrl: string, otherUrl: string): Promise<Pair> {
  const [base, other] = await Promise.all([bitmapOf(baseUrl), bitmapOf(otherUrl)]);
  const { width, height } = base;
  const pixelsOf = (draw: (context: OffscreenCanvasRenderingContext2D) => void) => {
    const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true })!;
    draw(context);
    return context.getImageData(0, 0, width, height).data;
  };
  const frame = pixelFrame({ width, height }, other);
  const pixels = {
    base: pixelsOf((context) => context.drawImage(base, 0, 0)),
    other: pixelsOf((context) => {
      context.imageSmoothingQuality = 'high';
      context.drawImage(other, frame.x, frame.y, frame.width, frame.height);
    }),
  };
  base.close();
  other.close();
  return { ...pixels, width, height, compared: comparedPixels(pixels.other) };
}

async function paint(tolerance: number): Promise<DifferenceAnswer> {
  const { base, other, width, height, compared } = await pair!;
  const out = new Uint8ClampedArray(base.length);
  const changed = paintDifference(base, other, out, tolerance, width);
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d')!.putImageData(new ImageData(out, width, height), 0, 0);
  return { type: 'painted', tolerance, image: canvas.transferToImageBitmap(), changed, compared };
}

// A 2048 px preview is 4 million pixels: reading and painting them takes longer than a frame, so
// all of it happens here, off the page's thread; the page only draws the bitmap it gets back.
self.addEventListener('message', (event: MessageEvent<DifferenceRequest>) => {
  const request = event.data;
  if (request.type === 'pair') {
    pair = loadPair(request.baseUrl, request.otherUrl);
    return;
  }
  if (!pair) return;
  paint(request.tolerance).then(
    (answer) => self.postMessage(answer, { transfer: answer.type === 'painted' ? [answer.image] : [] }),
    () => self.postMessage({ type: 'failed' } satisfies DifferenceAnswer),
  );
});
