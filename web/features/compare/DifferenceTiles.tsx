import { useEffect, useRef } from 'react';
import {
  levelFactor,
  parseDzi,
  type Pyramid,
  clearStageCanvas,
  deviceRect,
  oncePerFrame,
} from '@web/features/viewer';
import type { ViewController, ViewState } from '@web/features/viewer';
import type { Size } from './alignRounds';
import { drawRings, ringAround, type Ring } from './changeRings';
import {
  differenceLevel,
  differenceLevels,
  nearestFirst,
  tileJobs,
  tilesWorthIt,
  viewArea,
  type OtherSource,
  type TileJob,
} from './differenceTiles';
import type { PixelBox } from './pixelDifference';
import type { TileDifferenceAnswer, TileDifferenceRequest } from './tileDifferenceWorker';
import classes from './compare.module.css';

/** Painted tiles kept on this side (a 512 px tile is 1 MB): about four screens' worth, or two at two tolerances. */
const KEPT = 48;
/** Wishes go to the worker at most this often while the view moves: a pan asks once, not each frame. */
const THROTTLE_MS = 120;

export interface DifferenceTilesSource {
  /** The base round's DeepZoom descriptor. */
  baseTilesUrl: string;
  /** Round B's descriptor; without one its preview is read instead. */
  otherTilesUrl: string | null;
  otherPreviewUrl: string;
  /** Round B's pixels, to align it by without a pyramid. */
  otherSize: Size | null;
}

/** The detail a difference is worked out at: the previews' pixels, or a level of the base's tiles. */
export interface DifferenceDetail {
  /** Null while the preview's difference is all there is. */
  level: number | null;
  /** How many of the base's pixels one compared pixel stands for (1: every pixel). */
  factor: number;
  /** Tiles of that level on screen still being compared. */
  pending: number;
  /** Changed pixels counted in the tiles of that level on screen (those compared so far). */
  changed: number;
}

/** A tile's painted difference, how many of its pixels changed and where. */
interface PaintedTile {
  image: ImageBitmap;
  changed: number;
  box: PixelBox | null;
}

async function pyramidOf(url: string, signal: AbortSignal): Promise<Pyramid | null> {
  const answer = await fetch(url, { credentials: 'same-origin', signal });
  return answer.ok ? parseDzi(await answer.text(), url) : null;
}

/**
 * The difference of what is on screen worked out from the rounds' DeepZoom tiles, over the
 * preview's difference (which stays beneath as the backdrop): once the view shows the base round
 * larger than its preview, the visible tiles of the level the zoom needs are compared in a worker
 * at full detail, with the same tolerance and paint, and kept per tile and tolerance. A tile on
 * its way leaves the coarser level's, or the preview's, in its place. A change of a few pixels,
 * too small to see on screen, gets a ring around it (`data-rings` counts them).
 */
export function DifferenceTiles({
  controller,
  source,
  previewWidth,
  tolerance,
  onDetail,
}: {
  controller: ViewController;
  source: DifferenceTilesSource;
  /** The base preview's width: past its scale, tiles are compared. */
  previewWidth: number;
  tolerance: number;
  onDetail?: (detail: DifferenceDetail) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const detailRef = useRef(onDetail);
  const toleranceRef = useRef(tolerance);
  const changedRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    detailRef.current = onDetail;
  }, [onDetail]);
  useEffect(() => {
    toleranceRef.current = tolerance;
    changedRef.current?.();
  }, [tolerance]);
  const { baseTilesUrl, otherTilesUrl, otherPreviewUrl, otherSize } = source;
  const otherWidth = otherSize?.width ?? 0;
  const otherHeight = otherSize?.height ?? 0;

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const abort = new AbortController();
    const painted = new Map<string, PaintedTile>();
    const failed = new Set<string>();
    /** Each tile's latest painting, whatever its tolerance: shown while the new one is on its way. */
    const latest = new Map<string, string>();
    const worker = new Worker(new URL('./tileDifferenceWorker.ts', import.meta.url), { type: 'module' });
    let pyramid: Pyramid | null = null;
    let other: OtherSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastAsked = 0;
    let lastWish = '';
    let reported = '';
    /** The worker could not start (no OffscreenCanvas): the previews' difference is all there is. */
    let broken = false;

    const idOf = (key: string) => `${key}@${toleranceRef.current}`;
    const keep = (id: string, tile: PaintedTile) => {
      painted.get(id)?.image.close();
      painted.delete(id);
      painted.set(id, tile);
      while (painted.size > KEPT) {
        const [oldest, tile] = painted.entries().next().value!;
        painted.delete(oldest);
        tile.image.close();
      }
    };

    /** What the view needs now: its level and that level's jobs, or null below the preview's scale. */
    const wanted = (view: ViewState, ratio: number) => {
      if (broken || !pyramid || !other || !view.image) return null;
      if (!tilesWorthIt(view.transform.scale, pyramid.width, previewWidth)) return null;
      const level = differenceLevel(pyramid, view.transform.scale, ratio);
      const levels = differenceLevels(pyramid, level, previewWidth);
      if (!levels.includes(level)) return null;
      const area = viewArea(view.transform, view.image, view.stage);
      return { level, levels, area };
    };

    const report = (detail: DifferenceDetail) => {
      const text = `${detail.level}/${detail.pending}/${detail.changed}`;
      if (text === reported) return;
      reported = text;
      detailRef.current?.(detail);
    };

    const draw = () => {
      const view = controller.getState();
      const ratio = clearStageCanvas(context, view.stage);
      const need = wanted(view, ratio);
      if (!need || !pyramid || !other) {
        canvas.dataset.level = '';
        canvas.dataset.pending = '0';
        canvas.dataset.drawn = '0';
        report({ level: null, factor: 0, pending: 0, changed: 0 });
        return;
      }
      // Past 2 device pixels to one of the original, pixels show as squares, as in the picture.
      const crisp = need.level === pyramid.maxLevel && view.transform.scale * ratio >= 2;
      let drawn = 0;
      let pending = 0;
      let changedHere = 0;
      const rings: Ring[] = [];
      for (const level of need.levels) {
        context.imageSmoothingEnabled = !(crisp && level === need.level);
        for (const job of tileJobs(pyramid, level, need.area, other)) {
          const ready = painted.get(idOf(job.key));
          if (!ready && level === need.level && !failed.has(idOf(job.key))) pending++;
          const tile = ready ?? (level === need.level ? painted.get(latest.get(job.key) ?? '') : undefined);
          if (!tile) continue;
          const at = deviceRect(view, job.bounds, ratio);
          context.drawImage(tile.image, at.x, at.y, at.width, at.height);
          if (ready && level === need.level) {
            drawn++;
            changedHere += ready.changed;
            const ring = ringAround(at, ready.image, ready.box, ratio);
            if (ring) rings.push(ring);
          }
        }
      }
      canvas.dataset.level = String(need.level);
      canvas.dataset.pending = String(pending);
      canvas.dataset.drawn = String(drawn);
      canvas.dataset.tolerance = String(toleranceRef.current);
      drawRings(context, rings, ratio);
      canvas.dataset.changed = String(changedHere);
      canvas.dataset.rings = String(rings.length);
      report({ level: need.level, factor: levelFactor(pyramid, need.level), pending, changed: changedHere });
    };

    /** Tells the worker which tiles the view needs now, nearest the middle first; the rest are dropped. */
    const ask = () => {
      timer = null;
      lastAsked = performance.now();
      const view = controller.getState();
      const need = wanted(view, window.devicePixelRatio || 1);
      const jobs: TileJob[] =
        need && pyramid && other
          ? nearestFirst(tileJobs(pyramid, need.level, need.area, other), need.area).filter(
              (job) => !painted.has(idOf(job.key)) && !failed.has(idOf(job.key)),
            )
          : [];
      const tolerance = toleranceRef.current;
      const wish = `${tolerance}\n${jobs.map((job) => job.key).join('\n')}`;
      if (wish === lastWish) return;
      lastWish = wish;
      worker.postMessage({ type: 'want', tolerance, jobs } satisfies TileDifferenceRequest);
    };
    const askSoon = () => {
      if (timer) return;
      const wait = Math.max(0, THROTTLE_MS - (performance.now() - lastAsked));
      timer = setTimeout(ask, wait);
    };
    const frames = oncePerFrame(draw);
    const schedule = frames.schedule;
    const changed = () => {
      schedule();
      askSoon();
    };

    worker.addEventListener('message', (event: MessageEvent<TileDifferenceAnswer>) => {
      const answer = event.data;
      const id = `${answer.key}@${answer.tolerance}`;
      if (answer.type === 'failed') failed.add(id);
      // Kept whatever the tolerance now: moving the slider back finds it here.
      else {
        keep(id, { image: answer.image, changed: answer.changed, box: answer.box });
        latest.set(answer.key, id);
      }
      schedule();
    });

    worker.addEventListener('error', () => {
      broken = true;
      schedule();
    });

    const stop = controller.subscribe(changed);
    changedRef.current = changed;
    void Promise.all([
      pyramidOf(baseTilesUrl, abort.signal),
      otherTilesUrl ? pyramidOf(otherTilesUrl, abort.signal) : Promise.resolve(null),
    ]).then(([base, otherPyramid]) => {
      if (!base) return;
      pyramid = base;
      if (otherPyramid) other = { pyramid: otherPyramid };
      else if (otherWidth && otherHeight)
        other = { previewUrl: otherPreviewUrl, size: { width: otherWidth, height: otherHeight } };
      changed();
    }, noop);
    schedule();

    return () => {
      changedRef.current = null;
      abort.abort();
      stop();
      frames.cancel();
      if (timer) clearTimeout(timer);
      worker.terminate();
      for (const tile of painted.values()) tile.image.close();
      painted.clear();
    };
  }, [controller, baseTilesUrl, otherTilesUrl, otherPreviewUrl, otherWidth, otherHeight, previewWidth]);

  return <canvas ref={canvasRef} className={classes.layer} aria-hidden data-testid="difference-tiles" />;
}

function noop() {}
