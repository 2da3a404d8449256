import { describe, expect, it } from 'vitest';
import { ViewController } from './viewController';
import { FIT_PADDING, fitTransform } from './viewMath';

const image = { width: 4000, height: 3000 };
const stage = { width: 1000, height: 800 };

function ready() {
  const view = new ViewController();
  view.setStage(stage);
  view.setImage(image);
  return view;
}

describe('the view controller', () => {
  it('fits a new picture and follows the stage while fitted', () => {
    const view = ready();
    expect(view.getState().transform).toEqual(fitTransform(image, stage));
    view.setStage({ width: 600, height: 600 });
    expect(view.getState().transform).toEqual(fitTransform(image, { width: 600, height: 600 }));
  });

  it('shows 100 % around the middle, and fits again', () => {
    const view = ready();
    view.actualSize();
    expect(view.getState()).toMatchObject({ mode: 'free', transform: { scale: 1 } });
    // The picture's middle stays where it was, in the middle of the room above the controls.
    const { top, bottom } = FIT_PADDING;
    const middle = view.toImage({ x: 500, y: top + (800 - top - bottom) / 2 });
    expect(middle.x).toBeCloseTo(2000);
    expect(middle.y).toBeCloseTo(1500);
    view.fit();
    expect(view.getState().transform).toEqual(fitTransform(image, stage));
  });

  it('keeps a zoomed view when the stage resizes', () => {
    const view = ready();
    view.zoomTo(2, { x: 100, y: 100 });
    const before = view.getState().transform;
    view.setStage({ width: 1200, height: 800 });
    expect(view.getState().transform).toEqual(before);
  });

  it('keeps the view for a round of the same size, fits one of another size', () => {
    const view = ready();
    view.zoomIn();
    const zoomed = view.getState().transform;
    view.setImage({ ...image });
    expect(view.getState().transform).toEqual(zoomed);
    view.setImage({ width: 1000, height: 3000 });
    expect(view.getState().mode).toBe('fit');
  });

  it('pans, but not past the stage’s middle', () => {
    const view = ready();
    view.actualSize();
    const { x, y } = view.getState().transform;
    view.panBy(30, -20);
    expect(view.getState().transform).toMatchObject({ x: x + 30, y: y - 20 });
    view.panBy(100_000, 0);
    expect(view.getState().transform.x).toBe(500);
  });

  it('maps relative points (markup) to the screen and back at every zoom', () => {
    const view = ready();
    for (const step of [() => view.fit(), () => view.actualSize(), () => view.zoomIn()]) {
      step();
      const screen = view.relativeToScreen({ x: 0.25, y: 0.75 })!;
      const back = view.screenToRelative(screen)!;
      expect(back.x).toBeCloseTo(0.25);
      expect(back.y).toBeCloseTo(0.75);
    }
  });

  it('tells its subscribers of each change, and only of changes', () => {
    const view = ready();
    let calls = 0;
    const stop = view.subscribe(() => calls++);
    view.zoomIn();
    view.setStage(stage);
    expect(calls).toBe(1);
    stop();
    view.zoomOut();
    expect(calls).toBe(1);
  });

  it('does nothing to zoom before the picture is known', () => {
    const view = new ViewController();
    view.setStage(stage);
    view.zoomIn();
    expect(view.ready).toBe(false);
    expect(view.getState().transform).toEqual({ scale: 1, x: 0, y: 0 });
  });
});
