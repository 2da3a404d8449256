import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceRect, drawOnViewFrames, oncePerFrame } from './stageCanvas';
import { ViewController, type ViewState } from './viewController';

/** Frames run by hand: each call of `nextFrame` runs the callbacks asked for since the last. */
let waiting = new Map<number, FrameRequestCallback>();
let lastId = 0;
const nextFrame = () => {
  const now = waiting;
  waiting = new Map();
  for (const callback of now.values()) callback(0);
};

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    waiting.set(++lastId, callback);
    return lastId;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => waiting.delete(id));
});
afterEach(() => {
  vi.unstubAllGlobals();
  waiting = new Map();
});

describe('oncePerFrame', () => {
  it('draws once on the next frame however often it is asked, and again when asked after', () => {
    let draws = 0;
    const frames = oncePerFrame(() => draws++);
    frames.schedule();
    frames.schedule();
    frames.schedule();
    expect(draws).toBe(0);
    nextFrame();
    expect(draws).toBe(1);
    nextFrame();
    expect(draws).toBe(1);
    frames.schedule();
    nextFrame();
    expect(draws).toBe(2);
  });

  it('draws nothing once cancelled, and can be asked again', () => {
    let draws = 0;
    const frames = oncePerFrame(() => draws++);
    frames.schedule();
    frames.cancel();
    nextFrame();
    expect(draws).toBe(0);
    frames.schedule();
    nextFrame();
    expect(draws).toBe(1);
  });
});

describe('drawOnViewFrames', () => {
  it('draws at once, after each change of the view, and not after the stop', () => {
    const controller = new ViewController();
    let draws = 0;
    const stop = drawOnViewFrames(controller, () => draws++);
    nextFrame();
    expect(draws).toBe(1);
    controller.setStage({ width: 800, height: 600 });
    controller.setImage({ width: 4000, height: 3000 });
    nextFrame();
    expect(draws).toBe(2);
    stop();
    controller.setStage({ width: 1000, height: 600 });
    nextFrame();
    expect(draws).toBe(2);
  });
});

describe('deviceRect', () => {
  it('snaps to device pixels so that neighbouring tiles meet with no gap or overlap', () => {
    const view = { transform: { x: 10.3, y: 5.6, scale: 0.37 } } as ViewState;
    const left = deviceRect(view, { x: 0, y: 0, width: 512, height: 512 }, 1.5);
    const right = deviceRect(view, { x: 512, y: 0, width: 512, height: 512 }, 1.5);
    const below = deviceRect(view, { x: 0, y: 512, width: 512, height: 512 }, 1.5);
    expect(left.x + left.width).toBe(right.x);
    expect(left.y + left.height).toBe(below.y);
    expect(left).toEqual({ x: 15, y: 8, width: 285, height: 285 });
  });
});
