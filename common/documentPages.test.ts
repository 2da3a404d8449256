import { describe, expect, it } from 'vitest';
import { pageUrl } from './documentPages';

const round = {
  image_url: '/api/v1/renditions/7/abc/preview',
  page_url_template: '/api/v1/renditions/7/abc/pages/{page}',
  page_count: 6,
};

describe("a document page's address", () => {
  it('is the preview for page 1 and the server’s page address for the others', () => {
    expect(pageUrl(round, 1)).toBe('/api/v1/renditions/7/abc/preview');
    expect(pageUrl(round, 2)).toBe('/api/v1/renditions/7/abc/pages/2');
    expect(pageUrl(round, 6)).toBe('/api/v1/renditions/7/abc/pages/6');
  });

  it('is missing past the last page and when the round has no page addresses', () => {
    expect(pageUrl(round, 7)).toBeNull();
    expect(pageUrl(round, 0)).toBeNull();
    expect(pageUrl({ ...round, page_url_template: null }, 2)).toBeNull();
  });
});
