import { describe, expect, it } from 'vitest';
import { chooseLevel, levelSize, parseDzi, tileLevels, visibleTiles, type Pyramid } from './dziPyramid';

// As sharp writes it for the corpus's 20000 × 14000 picture.
const DZI = `<?xml version="1.0" encoding="UTF-8"?>
<Image xmlns="http://schemas.microsoft.com/deepzoom/2008"
  Format="jpeg"
  Overlap="0"
  TileSize="512"
  >
  <Size
    Height="14000"
    Width="20000"
  />
</Image>`;
const URL = '/api/v1/renditions/7/abc/tiles/image.dzi';

const pyramid = parseDzi(DZI, URL)!;

describe('the descriptor', () => {
  it('reads size, tiles and where the levels are', () => {
    expect(pyramid).toEqual({
      width: 20000,
      height: 14000,
      tileSize: 512,
      overlap: 0,
      format: 'jpeg',
      maxLevel: 15,
      tilesBase: '/api/v1/renditions/7/abc/tiles/image_files/',
    });
  });

  it('refuses what is not a usable descriptor', () => {
    expect(parseDzi('<html></html>', URL)).toBeNull();
    expect(parseDzi(DZI.replace('jpeg', 'svg'), URL)).toBeNull();
    expect(parseDzi(DZI.replace('TileSize="512"', 'TileSize="0"'), URL)).toBeNull();
    expect(parseDzi(DZI, '/tiles/image.xml')).toBeNull();
  });

  it('halves each level, rounding up', () => {
    expect(levelSize(pyramid, 15)).toEqual({ width: 20000, height: 14000 });
    expect(levelSize(pyramid, 14)).toEqual({ width: 10000, height: 7000 });
    expect(levelSize(pyramid, 11)).toEqual({ width: 1250, height: 875 });
    expect(levelSize(pyramid, 0)).toEqual({ width: 1, height: 1 });
  });
});

describe('level choice', () => {
  it('takes the full level at 100 % and finer', () => {
    expect(chooseLevel(pyramid, 1, 1)).toBe(15);
    expect(chooseLevel(pyramid, 4, 2)).toBe(15);
  });

  it('takes the level whose pixels match the screen', () => {
    expect(chooseLevel(pyramid, 0.5, 1)).toBe(14);
    expect(chooseLevel(pyramid, 0.5, 2)).toBe(15);
    expect(chooseLevel(pyramid, 0.3, 1)).toBe(14);
    expect(chooseLevel(pyramid, 0.25, 1)).toBe(13);
    expect(chooseLevel(pyramid, 0.05, 1)).toBe(11);
  });

  it('never goes below level 0', () => {
    expect(chooseLevel(pyramid, 0.000001, 1)).toBe(0);
    expect(chooseLevel(pyramid, 0, 1)).toBe(0);
  });

  it('draws tiles only for levels finer than the preview', () => {
    expect(tileLevels(pyramid, 11, 2048)).toEqual([]);
    expect(tileLevels(pyramid, 14, 2048)).toEqual([12, 13, 14]);
  });
});

describe('visible tiles', () => {
  it('loads only the tiles the screen shows', () => {
    // 1000 × 800 original pixels from (10000, 7000) at full level: columns 19–21, rows 13–15.
    const tiles = visibleTiles(pyramid, 15, { x: 10000, y: 7000, width: 1000, height: 800 });
    expect(tiles.map((t) => `${t.col}_${t.row}`)).toEqual([
      '19_13',
      '20_13',
      '21_13',
      '19_14',
      '20_14',
      '21_14',
      '19_15',
      '20_15',
      '21_15',
    ]);
    expect(tiles[0]!.url).toBe('/api/v1/renditions/7/abc/tiles/image_files/15/19_13.jpeg');
    expect(tiles[0]!.bounds).toEqual({ x: 19 * 512, y: 13 * 512, width: 512, height: 512 });
  });

  it('places a coarse level’s tiles in original pixels, cut at the edge', () => {
    const all = visibleTiles(pyramid, 12, { x: 0, y: 0, width: 20000, height: 14000 });
    // Level 12 is 2500 × 1750: 5 × 4 tiles.
    expect(all).toHaveLength(20);
    const corner = all.at(-1)!;
    expect(corner).toMatchObject({ col: 4, row: 3 });
    expect(corner.bounds).toEqual({
      x: 4 * 512 * 8,
      y: 3 * 512 * 8,
      width: 20000 - 16384,
      height: 14000 - 12288,
    });
  });

  it('widens tiles by their overlap on inner edges', () => {
    const overlapping: Pyramid = { ...pyramid, overlap: 1 };
    const [tile] = visibleTiles(overlapping, 15, { x: 600, y: 600, width: 10, height: 10 });
    expect(tile!.bounds).toEqual({ x: 511, y: 511, width: 514, height: 514 });
  });

  it('is nothing for an empty area', () => {
    expect(visibleTiles(pyramid, 15, { x: 0, y: 0, width: 0, height: 100 })).toEqual([]);
  });
});
