import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlingWatch } from './flingWatch';

describe('FlingWatch', () => {
  let watch: FlingWatch;
  let changes: boolean[];
  beforeEach(() => {
    vi.useFakeTimers();
    watch = new FlingWatch();
    changes = [];
    watch.subscribe(() => changes.push(watch.isFlinging()));
  });
  afterEach(() => {
    watch.dispose();
    vi.useRealTimers();
  });

  /** One scroll step a frame (16 ms apart), `px` each. */
  const scroll = (steps: number, px: number, from = { offset: 0, at: 0 }) => {
    for (let i = 0; i <= steps; i++) watch.observe(from.offset + i * px, from.at + i * 16);
    return { offset: from.offset + steps * px, at: from.at + steps * 16 };
  };

  it('calls 240 px a frame a fling, and ends it 150 ms after the last fast step', () => {
    scroll(10, 240);
    expect(watch.isFlinging()).toBe(true);
    vi.advanceTimersByTime(149);
    expect(watch.isFlinging()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(watch.isFlinging()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('does not call a reading pace (40 px a frame, 2,500 px/s) a fling', () => {
    scroll(50, 40);
    expect(changes).toEqual([]);
  });

  it('does not call one jump a fling (a key press, a scroll to a tile)', () => {
    watch.observe(0, 0);
    watch.observe(5000, 16);
    watch.observe(5010, 32);
    expect(changes).toEqual([]);
  });

  it('keeps a fling going while it stays fast, then ends it once the scroll slows', () => {
    const end = scroll(5, 240);
    vi.advanceTimersByTime(100);
    const slower = scroll(5, 240, { offset: end.offset, at: end.at + 16 });
    vi.advanceTimersByTime(100);
    expect(watch.isFlinging()).toBe(true);
    scroll(20, 20, slower);
    vi.advanceTimersByTime(50);
    expect(watch.isFlinging()).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});
