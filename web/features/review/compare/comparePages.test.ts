import { describe, expect, it } from 'vitest';
import { comparedPage, comparedPageCount } from './comparePages';

const round = (pageCount: number | null, template: string | null = '/r/7/t/pages/{page}') => ({
  image_url: '/preview/7.jpg',
  page_url_template: template,
  page_count: pageCount,
});

describe('comparedPageCount', () => {
  it('moves through the longer round of a document', () => {
    expect(comparedPageCount('document', round(6), round(2))).toBe(6);
    expect(comparedPageCount('document', round(2), round(6))).toBe(6);
  });

  it('counts one page for a round whose count is unknown, and for images', () => {
    expect(comparedPageCount('document', round(null), null)).toBe(1);
    expect(comparedPageCount('image', round(6), round(2))).toBe(1);
  });
});

describe('comparedPage', () => {
  it('shows page 1 from the preview and later pages from the page address', () => {
    expect(comparedPage(round(6), 1)).toEqual({ url: '/preview/7.jpg' });
    expect(comparedPage(round(6), 4)).toEqual({ url: '/r/7/t/pages/4' });
  });

  it('says a round of fewer pages has none at that page', () => {
    expect(comparedPage(round(2), 3)).toBe('missing');
    expect(comparedPage(round(null), 2)).toBe('missing');
  });

  it('has no address for a page the round cannot draw', () => {
    expect(comparedPage(round(6, null), 2)).toBeNull();
  });
});
