import type { ViewController, ViewState } from './viewController';
import type { Rect, Size } from './viewMath';

/**
 * Makes a canvas laid over the stage as many device pixels as the stage shows. Returns the device
 * pixel ratio the canvas was sized with.
 */
export function fitStageCanvas(canvas: HTMLCanvasElement, stage: Size): number {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(stage.width * ratio);
  const height = Math.round(stage.height * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  return ratio;
}

/**
 * Fits the canvas to the stage (fitStageCanvas) and clears it with no transform: layers drawn for
 * each view (markup, markers, differences) start each frame here. Returns the device pixel ratio.
 */
export function clearStageCanvas(context: CanvasRenderingContext2D, stage: Size): number {
  const ratio = fitStageCanvas(context.canvas, stage);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  return ratio;
}

/** The device pixels a rectangle of the picture covers, snapped so neighbouring tiles meet exactly. */
export function deviceRect(view: ViewState, rect: Rect, ratio: number): Rect {
  const { scale, x, y } = view.transform;
  const left = Math.round((x + rect.x * scale) * ratio);
  const top = Math.round((y + rect.y * scale) * ratio);
  const right = Math.round((x + (rect.x + rect.width) * scale) * ratio);
  const bottom = Math.round((y + (rect.y + rect.height) * scale) * ratio);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Runs `draw` on the next frame, once however often it is asked for before then. */
export function oncePerFrame(draw: () => void): { schedule: () => void; cancel: () => void } {
  let frame = 0;
  return {
    schedule: () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          draw();
        });
    },
    cancel: () => {
      cancelAnimationFrame(frame);
      frame = 0;
    },
  };
}

/** Draws on the next frame, then on the frame after each change of the view; returns the stop. */
export function drawOnViewFrames(
  controller: Pick<ViewController, 'subscribe'>,
  draw: () => void,
): () => void {
  const frames = oncePerFrame(draw);
  const stop = controller.subscribe(frames.schedule);
  frames.schedule();
  return () => {
    stop();
    frames.cancel();
  };
}
