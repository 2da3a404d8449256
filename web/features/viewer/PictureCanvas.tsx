import { useEffect, useRef } from 'react';
import { parseDzi } from './dziPyramid';
import { fitStageCanvas, oncePerFrame } from './stageCanvas';
import { drawPicture, type PictureLayers } from './pictureDraw';
import { TileLoader } from './tileLoader';
import type { ViewController } from './viewController';
import type { Size } from './viewMath';
import classes from './viewer.module.css';

export interface PictureSource {
  /** The whole picture at up to 2048 px (a document's page). */
  previewUrl: string;
  lqipUrl: string | null;
  /** The DeepZoom descriptor, for pictures over 12 MP. */
  tilesUrl: string | null;
  /** The original's pixels; null to take the preview's own size once it has loaded. */
  size: Size | null;
}

function loadImage(url: string, signal: AbortSignal): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  return image.decode().then(() => {
    if (signal.aborted) throw new Error('aborted');
    return image;
  });
}

/**
 * The picture on a canvas the size of the stage: the placeholder at once, the preview over it,
 * and for a pyramid the visible tiles of the level the zoom needs. Redraws once a frame at most,
 * when the view changes or a tile arrives. What it shows is on the canvas's data attributes for
 * tests and benchmarks: `data-shown`, `data-level`, `data-pending`, and the transform drawn in
 * `data-scale`, `data-x` and `data-y`.
 */
export function PictureCanvas({
  controller,
  source,
  label,
}: {
  controller: ViewController;
  source: PictureSource;
  label: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { previewUrl, lqipUrl, tilesUrl, size } = source;
  const width = size?.width ?? null;
  const height = size?.height ?? null;

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const abort = new AbortController();
    const layers: PictureLayers = { lqip: null, preview: null, pyramid: null, tiles: null };

    const frames = oncePerFrame(() => {
      const view = controller.getState();
      const ratio = fitStageCanvas(canvas, view.stage);
      const outcome = drawPicture(context, view, layers, ratio);
      canvas.dataset.shown = outcome.shown;
      canvas.dataset.level = outcome.level === null ? '' : String(outcome.level);
      canvas.dataset.pending = String(outcome.pending);
      canvas.dataset.scale = view.transform.scale.toFixed(6);
      canvas.dataset.x = view.transform.x.toFixed(2);
      canvas.dataset.y = view.transform.y.toFixed(2);
    });
    const schedule = frames.schedule;

    if (width && height) controller.setImage({ width, height });
    const stop = controller.subscribe(schedule);
    if (lqipUrl)
      void loadImage(lqipUrl, abort.signal).then((image) => {
        layers.lqip = image;
        schedule();
      }, noop);
    void loadImage(previewUrl, abort.signal).then((image) => {
      layers.preview = image;
      if (!width || !height) controller.setImage({ width: image.naturalWidth, height: image.naturalHeight });
      schedule();
    }, noop);
    if (tilesUrl)
      void fetch(tilesUrl, { signal: abort.signal })
        .then((answer) => (answer.ok ? answer.text() : ''))
        .then((xml) => {
          layers.pyramid = parseDzi(xml, tilesUrl);
          if (layers.pyramid) {
            // Tiles are placed in the pyramid's pixels: the picture is measured by them.
            controller.setImage({ width: layers.pyramid.width, height: layers.pyramid.height });
            layers.tiles = new TileLoader(schedule);
          }
          schedule();
        }, noop);
    schedule();

    return () => {
      abort.abort();
      stop();
      frames.cancel();
      layers.tiles?.dispose();
    };
  }, [controller, previewUrl, lqipUrl, tilesUrl, width, height]);

  return (
    <canvas
      ref={canvasRef}
      className={classes.canvas}
      role="img"
      aria-label={label}
      data-testid="viewer-canvas"
    />
  );
}

function noop() {}
