import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, MarkupShape } from '@common/api/comments';
import type { ViewState } from '@web/features/viewer';
import { storedMarkup } from './storedMarkup';
import { drawStoredMarkup } from './storedMarkupDraw';

/** A Path2D that keeps the SVG path data it was made from (Node has no canvas). */
class RecordedPath {
  constructor(readonly d: string) {}
}

/** A 2D context that records what is stroked and filled, with the style at that moment. */
function recordingContext() {
  const calls: { op: 'stroke' | 'fill'; d: string; style: string; width: number }[] = [];
  const context = {
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 0,
    setTransform: vi.fn(),
    stroke(path: RecordedPath) {
      calls.push({ op: 'stroke', d: path.d, style: this.strokeStyle, width: this.lineWidth });
    },
    fill(path: RecordedPath) {
      calls.push({ op: 'fill', d: path.d, style: this.fillStyle, width: this.lineWidth });
    },
  };
  return { context: context as unknown as CanvasRenderingContext2D, calls };
}

const image = { width: 2000, height: 1000 };
const view = (scale: number): ViewState =>
  ({ image, stage: { width: 1440, height: 900 }, transform: { scale, x: 0, y: 0 } }) as ViewState;
const typed = (type: MarkupShape['type'], points: [number, number][]): MarkupShape => ({
  ...(type ? { type } : {}),
  points: points.map(([x, y]) => ({ x, y })),
  stroke_color: '#E03131',
  stroke_size: 2,
  is_relative: true,
});
const comment = (markup: MarkupShape[]) =>
  ({ id: 1, markup, markup_number: 1, completed_at: null }) as unknown as Comment;

describe('drawStoredMarkup', () => {
  beforeEach(() => vi.stubGlobal('Path2D', RecordedPath));
  afterEach(() => vi.unstubAllGlobals());

  const markup = storedMarkup(
    [
      comment([
        typed(undefined, [
          [0, 0],
          [0.5, 0.5],
        ]),
        typed('arrow', [
          [0, 0.5],
          [0.5, 0.5],
        ]),
        typed('rectangle', [
          [0.5, 0.8],
          [0.1, 0.2],
        ]),
        typed('ellipse', [
          [0.1, 0.2],
          [0.5, 0.8],
        ]),
      ]),
    ],
    image,
  );

  it('strokes each kind in the picture’s pixels and fills the arrow’s head, in its colour', () => {
    const { context, calls } = recordingContext();
    drawStoredMarkup(context, view(1), markup, null, 1);
    expect(calls.map((c) => [c.op, c.d])).toEqual([
      ['stroke', 'M0 0L1000 500'],
      // Size 2 on a 2000 px long side at 100 %: 4 px wide, a size-1 stroke 2 px; the head 32 px.
      ['stroke', 'M0 500L980.8 500'],
      ['fill', 'M1000 500L968 516L968 484Z'],
      ['stroke', 'M200 200H1000V800H200Z'],
      ['stroke', 'M200 500A400 300 0 1 0 1000 500A400 300 0 1 0 200 500Z'],
    ]);
    expect(new Set(calls.map((c) => c.style))).toEqual(new Set(['#E03131']));
    expect(calls.filter((c) => c.op === 'stroke').every((c) => c.width === 4)).toBe(true);
  });

  it('keeps the stroke and the head the picture’s size at every zoom, until a stroke is a pixel', () => {
    const { context, calls } = recordingContext();
    drawStoredMarkup(context, view(0.5), markup, null, 1);
    expect(calls[2]).toMatchObject({ op: 'fill', d: 'M1000 500L968 516L968 484Z' });
    expect(calls[0]!.width).toBe(4);

    // At 1/10 a size-1 stroke would be 0.2 px on screen: held at a pixel (10 picture pixels), this
    // size-2 one is 2 px (20 picture pixels), and the head (4·20 + 8·10 = 160) grows with them.
    const far = recordingContext();
    drawStoredMarkup(far.context, view(0.1), markup, null, 1);
    expect(far.calls[0]!.width).toBe(20);
    expect(far.calls[2]!.d).toBe('M1000 500L840 580L840 420Z');
  });

  it('draws a white halo behind the lit comment’s shapes, its arrowhead too', () => {
    const { context, calls } = recordingContext();
    drawStoredMarkup(context, view(1), markup, 1, 1);
    const halo = calls.filter((c) => c.style.startsWith('rgb(255'));
    expect(halo.map((c) => c.d)).toEqual([
      'M0 0L1000 500',
      'M0 500L980.8 500',
      'M1000 500L968 516L968 484Z',
      'M200 200H1000V800H200Z',
      'M200 500A400 300 0 1 0 1000 500A400 300 0 1 0 200 500Z',
    ]);
  });
});
