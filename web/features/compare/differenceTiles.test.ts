import { describe, expect, it } from 'vitest';
import type { Pyramid } from '@web/features/viewer';
import {
  differenceLevel,
  differenceLevels,
  nearestFirst,
  otherLevel,
  otherRectFor,
  tileJobs,
  tilesWorthIt,
  viewArea,
} from './differenceTiles';

const pyramidOf = (width: number, height: number, name: string): Pyramid => ({
  width,
  height,
  tileSize: 512,
  overlap: 0,
  format: 'jpeg',
  maxLevel: Math.ceil(Math.log2(Math.max(width, height))),
  tilesBase: `/r/${name}/tiles/image_files/`,
});

/** A 100-megapixel round (12000 × 8400: levels 0–14, its preview 2048 px wide). */
const base = pyramidOf(12000, 8400, 'a');
/** The same picture at half the pixels each way (levels 0–13). */
const half = pyramidOf(6000, 4200, 'b');
/** A square round: fitted inside the base's 10:7 frame, centred, with bands left and right. */
const square = pyramidOf(8400, 8400, 'c');

describe('when tiles are compared', () => {
  it('only past the preview: scale above preview width / image width', () => {
    expect(tilesWorthIt(2048 / 12000, 12000, 2048)).toBe(false);
    expect(tilesWorthIt(0.05, 12000, 2048)).toBe(false);
    expect(tilesWorthIt(0.18, 12000, 2048)).toBe(true);
    expect(tilesWorthIt(1, 12000, 2048)).toBe(true);
    // A picture its preview shows whole has nothing finer.
    expect(tilesWorthIt(4, 2000, 2000)).toBe(false);
  });

  it('at the level the viewer draws, and only levels finer than the preview', () => {
    expect(differenceLevel(base, 1, 1)).toBe(14);
    expect(differenceLevel(base, 0.5, 1)).toBe(13);
    expect(differenceLevel(base, 0.5, 2)).toBe(14);
    expect(differenceLevel(base, 0.3, 1)).toBe(13);
    // Level 11 is 1500 px wide, under the preview's 2048: its tiles would add nothing.
    expect(differenceLevels(base, 13, 2048)).toEqual([12, 13]);
    expect(differenceLevels(base, 11, 2048)).toEqual([]);
  });
});

describe('which tiles are compared', () => {
  it('the base tiles on screen only, nearest the middle first', () => {
    // 100 % on a 1440 × 836 stage, showing the middle of the picture.
    const transform = { scale: 1, x: 720 - 6000, y: 418 - 4200 };
    const area = viewArea(transform, base, { width: 1440, height: 836 });
    expect(area).toEqual({ x: 5280, y: 3782, width: 1440, height: 836 });
    const jobs = tileJobs(base, 14, area, { pyramid: base });
    // Columns 10–13, rows 7–9 of the 24 × 17 at full resolution.
    expect(jobs.map((job) => job.baseUrl.replace(base.tilesBase, ''))).toEqual(
      [7, 8, 9].flatMap((row) => [10, 11, 12, 13].map((col) => `14/${col}_${row}.jpeg`)),
    );
    // The middle (6000, 4200) lies in tile 11_8.
    const first = nearestFirst(jobs, area)[0]!;
    expect(first.bounds).toEqual({ x: 5632, y: 4096, width: 512, height: 512 });
  });

  it('for a round of the same size: the same tile of the same level, covering all of it', () => {
    const [job] = tileJobs(base, 14, { x: 5632, y: 3584, width: 10, height: 10 }, { pyramid: base });
    expect(job!.cover).toEqual(job!.bounds);
    expect(job!.other).toEqual([{ url: '/r/a/tiles/image_files/14/11_7.jpeg', bounds: job!.bounds }]);
  });

  it('for a round of half the size: its tiles of the level of the same on-screen scale', () => {
    // A full-resolution base pixel is half of one of B's: B's finest level is as near as it gets.
    expect(otherLevel(base, 14, half)).toBe(13);
    // At the base's level 13 (1:2) a tile's pixel is one of B's; at level 12 (1:4), B's 1:2.
    expect(otherLevel(base, 13, half)).toBe(13);
    expect(otherLevel(base, 12, half)).toBe(12);
    const [job] = tileJobs(base, 14, { x: 5632, y: 3584, width: 10, height: 10 }, { pyramid: half });
    // Base tile 11_7 of level 14 is B's rect 2816–3072 × 1792–2048 at full size: B's tile 5_3.
    expect(otherRectFor(job!.bounds, base, half)).toEqual({ x: 2816, y: 1792, width: 256, height: 256 });
    expect(job!.other).toEqual([
      { url: '/r/b/tiles/image_files/13/5_3.jpeg', bounds: { x: 5120, y: 3072, width: 1024, height: 1024 } },
    ]);
    expect(job!.key).toBe('/r/a/tiles/image_files/14/11_7.jpeg|13');
  });

  it('for a round of another shape: the part of the tile its centred frame covers, from its own tiles', () => {
    // B (8400 square) sits in the base at x 1800–10200, at the base's scale (8400 / 8400 = 1).
    expect(otherRectFor({ x: 0, y: 0, width: 512, height: 512 }, base, square)).toBeNull();
    expect(otherRectFor({ x: 1536, y: 0, width: 512, height: 512 }, base, square)).toEqual({
      x: 0,
      y: 0,
      width: 248,
      height: 512,
    });
    const [edge] = tileJobs(base, 14, { x: 1536, y: 0, width: 10, height: 10 }, { pyramid: square });
    expect(edge!.cover).toEqual({ x: 1800, y: 0, width: 248, height: 512 });
    expect(edge!.other).toEqual([
      { url: '/r/c/tiles/image_files/14/0_0.jpeg', bounds: { x: 1800, y: 0, width: 512, height: 512 } },
    ]);
    // Beside B's frame nothing is compared: the tile is painted as not compared.
    const [outside] = tileJobs(base, 14, { x: 0, y: 0, width: 10, height: 10 }, { pyramid: square });
    expect(outside!.cover).toBeNull();
    expect(outside!.other).toEqual([]);
  });

  it('across B tiles that straddle the base tile: every one it needs', () => {
    // Base tile 4_0 (x 2048–2560) lies over B's x 248–760: B's tiles 0 and 1 of row 0.
    const [job] = tileJobs(base, 14, { x: 2100, y: 10, width: 10, height: 10 }, { pyramid: square });
    expect(job!.other.map((piece) => piece.url.replace(square.tilesBase, ''))).toEqual([
      '14/0_0.jpeg',
      '14/1_0.jpeg',
    ]);
  });

  it("from round B's preview when it has no pyramid", () => {
    const [job] = tileJobs(
      base,
      14,
      { x: 5632, y: 3584, width: 10, height: 10 },
      {
        previewUrl: '/r/b/preview',
        size: { width: 3000, height: 2100 },
      },
    );
    expect(job!.other).toEqual([{ url: '/r/b/preview', bounds: { x: 0, y: 0, width: 12000, height: 8400 } }]);
    expect(job!.key).toBe('/r/a/tiles/image_files/14/11_7.jpeg|-1');
  });
});
