import type { Rect } from './alignRounds';
import type { TileJob } from './differenceTiles';
import { changedBox, paintDifference, type PixelBox } from './pixelDifference';

/**
 * Main thread → worker: the tiles wanted now, most wanted first, at one tolerance. Each list
 * replaces the last: work for tiles no longer in it is dropped and its downloads aborted.
 */
export interface TileDifferenceRequest {
  type: 'want';
  tolerance: number;
  jobs: TileJob[];
}

/** Worker → main thread: a base tile's difference, painted at the tile's own pixel size. */
export type TileDifferenceAnswer =
  | {
      type: 'tile';
      key: string;
      tolerance: number;
      image: ImageBitmap;
      changed: number;
      /** Around the changed pixels, in the tile's pixels; null when none changed. */
      box: PixelBox | null;
    }
  | { type: 'failed'; key: string; tolerance: number };

/** At most this many tiles compared at once: their downloads overlap, their pixels are read one by one. */
const AT_ONCE = 3;
/** Decoded pictures kept (a 512 px tile is 1 MB): those of the screen, and those just left. */
const KEPT = 64;

interface Download {
  bitmap: Promise<ImageBitmap>;
  /** Jobs waiting for it: when the last one is cancelled before it came, it is aborted. */
  waiting: number;
  done: boolean;
  abort: AbortController;
}

const bitmaps = new Map<string, Download>();

async function download(url: string, signal: AbortSignal): Promise<ImageBitmap> {
  const answer = await fetch(url, { credentials: 'same-origin', signal });
  if (!answer.ok) throw new Error(`${answer.status}`);
  return createImageBitmap(await answer.blob());
}

/**
 * A picture decoded once and kept while recently used: round B's tiles straddle several base
 * tiles, and a new tolerance repaints from the pictures already here. A download every job
 * waiting for has given up on (its tile left the view) is aborted.
 */
function bitmapOf(url: string, signal: AbortSignal): Promise<ImageBitmap> {
  let entry = bitmaps.get(url);
  if (entry) bitmaps.delete(url);
  else {
    const abort = new AbortController();
    const started: Download = { bitmap: download(url, abort.signal), waiting: 0, done: false, abort };
    started.bitmap.then(
      () => (started.done = true),
      () => bitmaps.get(url) === started && bitmaps.delete(url),
    );
    entry = started;
  }
  bitmaps.set(url, entry);
  const held = entry;
  if (!held.done) {
    held.waiting++;
    const release = () => {
      held.waiting--;
      if (held.waiting > 0 || held.done) return;
      held.abort.abort();
      if (bitmaps.get(url) === held) bitmaps.delete(url);
    };
    signal.addEventListener('abort', release, { once: true });
    held.bitmap.finally(() => signal.removeEventListener('abort', release)).catch(noop);
  }
  while (bitmaps.size > KEPT) {
    const [oldest, dropped] = bitmaps.entries().next().value!;
    bitmaps.delete(oldest);
    dropped.bitmap.then((bitmap) => bitmap.close(), noop);
  }
  return held.bitmap;
}

/** Edges of `rect` (the base's pixels) on the tile canvas, on whole pixels. */
function onCanvas(rect: Rect, bounds: Rect, sx: number, sy: number): Rect {
  const left = Math.round((rect.x - bounds.x) * sx);
  const top = Math.round((rect.y - bounds.y) * sy);
  const right = Math.round((rect.x + rect.width - bounds.x) * sx);
  const bottom = Math.round((rect.y + rect.height - bounds.y) * sy);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

async function compare(job: TileJob, tolerance: number, signal: AbortSignal): Promise<TileDifferenceAnswer> {
  const [base, ...pieces] = await Promise.all([
    bitmapOf(job.baseUrl, signal),
    ...job.other.map((piece) => bitmapOf(piece.url, signal)),
  ]);
  if (signal.aborted) throw new Error('aborted');
  const { width, height } = base;
  const sx = width / job.bounds.width;
  const sy = height / job.bounds.height;
  const read = (draw: (context: OffscreenCanvasRenderingContext2D) => void) => {
    const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true })!;
    draw(context);
    return context.getImageData(0, 0, width, height).data;
  };
  const basePixels = read((context) => context.drawImage(base, 0, 0));
  // Round B's pictures placed where they lie under the tile, clipped to its aligned frame, so the
  // rest stays transparent and is painted as 'not compared'.
  const otherPixels = read((context) => {
    if (!job.cover) return;
    const clip = onCanvas(job.cover, job.bounds, sx, sy);
    context.beginPath();
    context.rect(clip.x, clip.y, clip.width, clip.height);
    context.clip();
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    job.other.forEach((piece, index) => {
      const at = onCanvas(piece.bounds, job.bounds, sx, sy);
      context.drawImage(pieces[index]!, at.x, at.y, at.width, at.height);
    });
  });
  const out = new Uint8ClampedArray(basePixels.length);
  const changed = paintDifference(basePixels, otherPixels, out, tolerance, width);
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d')!.putImageData(new ImageData(out, width, height), 0, 0);
  const box = changed > 0 ? changedBox(out, width) : null;
  return { type: 'tile', key: job.key, tolerance, image: canvas.transferToImageBitmap(), changed, box };
}

interface Running {
  id: string;
  abort: AbortController;
}

let queue: { job: TileJob; tolerance: number }[] = [];
const running = new Map<string, Running>();
const idOf = (key: string, tolerance: number) => `${key}@${tolerance}`;

function pump(): void {
  while (running.size < AT_ONCE && queue.length > 0) {
    const { job, tolerance } = queue.shift()!;
    const id = idOf(job.key, tolerance);
    if (running.has(id)) continue;
    const abort = new AbortController();
    running.set(id, { id, abort });
    compare(job, tolerance, abort.signal)
      .then(
        (answer) => {
          if (abort.signal.aborted && answer.type === 'tile') return answer.image.close();
          self.postMessage(answer, { transfer: answer.type === 'tile' ? [answer.image] : [] });
        },
        () => {
          if (!abort.signal.aborted)
            self.postMessage({ type: 'failed', key: job.key, tolerance } satisfies TileDifferenceAnswer);
        },
      )
      .finally(() => {
        if (running.get(id)?.abort === abort) running.delete(id);
        pump();
      });
  }
}

// Reading a tile's pixels and painting them takes a few milliseconds a tile, a screen's worth
// longer than a frame: all of it happens here, and the page only draws the bitmaps it gets.
self.addEventListener('message', (event: MessageEvent<TileDifferenceRequest>) => {
  const { tolerance, jobs } = event.data;
  const wanted = new Set(jobs.map((job) => idOf(job.key, tolerance)));
  // Tiles that left the view: their downloads stop, their answers are dropped.
  for (const [id, run] of running)
    if (!wanted.has(id)) {
      run.abort.abort();
      running.delete(id);
    }
  queue = jobs.filter((job) => !running.has(idOf(job.key, tolerance))).map((job) => ({ job, tolerance }));
  pump();
});

function noop() {}
