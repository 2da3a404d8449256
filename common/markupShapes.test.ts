import { describe, expect, it } from 'vitest';
import { cornersBox, markerPoint, shapeMarkerPoint } from './markupShapes';

const p = (x: number, y: number) => ({ x, y });

describe('markerPoint', () => {
  it('is a line’s first point, an arrow’s tail, a box’s or an ellipse’s top left corner', () => {
    expect(markerPoint('line', [p(5, 6), p(1, 1)])).toEqual(p(5, 6));
    expect(markerPoint('arrow', [p(5, 6), p(1, 1)])).toEqual(p(5, 6));
    expect(markerPoint('rectangle', [p(5, 2), p(1, 6)])).toEqual(p(1, 2));
    expect(markerPoint('ellipse', [p(5, 6), p(1, 1)])).toEqual(p(1, 1));
    expect(markerPoint('line', [])).toBeNull();
  });

  it('reads the type of a stored shape: none is a line', () => {
    expect(shapeMarkerPoint({}, [p(5, 6), p(1, 1)])).toEqual(p(5, 6));
    expect(shapeMarkerPoint({ type: 'rectangle' }, [p(5, 6), p(1, 1)])).toEqual(p(1, 1));
  });
});

describe('cornersBox', () => {
  it('spans two corners given in any order', () => {
    expect(cornersBox(p(5, 2), p(1, 6))).toEqual({ left: 1, top: 2, right: 5, bottom: 6 });
  });
});
