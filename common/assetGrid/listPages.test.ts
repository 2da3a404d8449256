import { describe, expect, it } from 'vitest';
import type { AssetView } from '../api/assets';
import {
  flatAssets,
  patchAssets,
  replaceAssets,
  totalCount,
  withoutAssets,
  type AssetPages,
} from './listPages';

const asset = (id: number, name = `IMG_${id}.jpg`) => ({ id, name, approve: 'pending' }) as AssetView;
const pagination = (current: number, total: number) => ({
  current,
  pages: 2,
  total_count: total,
  first_page: current === 1,
  last_page: current === 2,
});

function data(): AssetPages {
  return {
    pages: [
      { assets: [asset(1), asset(2), asset(3)], pagination: pagination(1, 5) },
      { assets: [asset(4), asset(5)], pagination: pagination(2, 5) },
    ],
    pageParams: [1, 2],
  };
}

describe('withoutAssets', () => {
  it('takes the assets out of every page and lowers the count by how many went', () => {
    const next = withoutAssets(data(), new Set([2, 5, 99]));
    expect(flatAssets(next).map((a) => a.id)).toEqual([1, 3, 4]);
    expect(totalCount(next)).toBe(3);
    expect(next.pages[1]!.pagination!.total_count).toBe(3);
  });

  it('answers the same data when none of the ids is loaded', () => {
    const before = data();
    expect(withoutAssets(before, new Set([42]))).toBe(before);
  });

  it('never counts below zero', () => {
    const before = data();
    before.pages[0]!.pagination!.total_count = 1;
    expect(totalCount(withoutAssets(before, new Set([1, 2])))).toBe(0);
  });
});

describe('patchAssets and replaceAssets', () => {
  it('changes only the listed assets and keeps untouched pages as they were', () => {
    const before = data();
    const next = patchAssets(before, new Set([4]), (a) => ({ ...a, approve: 'confirmed' }));
    expect(next.pages[0]).toBe(before.pages[0]);
    expect(next.pages[1]!.assets.map((a) => a.approve)).toEqual(['confirmed', 'pending']);
    expect(patchAssets(before, new Set([42]), (a) => a)).toBe(before);
  });

  it('puts the server copies in place', () => {
    const next = replaceAssets(data(), [asset(3, 'renamed.jpg')]);
    expect(flatAssets(next)[2]!.name).toBe('renamed.jpg');
  });
});

describe('totalCount', () => {
  it('reads the first page, or counts what is loaded without pagination', () => {
    expect(totalCount(data())).toBe(5);
    expect(totalCount({ pages: [{ assets: [asset(1)], pagination: undefined }], pageParams: [1] })).toBe(1);
    expect(totalCount(undefined)).toBe(0);
  });
});
