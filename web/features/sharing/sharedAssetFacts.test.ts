import { describe, expect, it } from 'vitest';
import { factsLine, roundFacts } from './sharedAssetFacts';

describe('shared round facts', () => {
  const base = { width: null, height: null, page_count: null, size_in_bytes: 2_516_582 };

  it('tells a picture by its pixels and a document by its pages', () => {
    expect(
      roundFacts('image', { ...base, file_type: 'jpeg', width: 2048, height: 1365, page_count: 1 }),
    ).toEqual({
      type: 'JPEG',
      extent: '2048 × 1365',
      size: '2.4 Mb',
    });
    expect(
      roundFacts('document', { ...base, file_type: 'pdf', page_count: 1, width: 595, height: 842 }).extent,
    ).toBe('1 page');
  });

  it('leaves out what is not known', () => {
    expect(factsLine(roundFacts('document', { ...base, file_type: 'txt', size_in_bytes: 300 }))).toBe(
      'TXT · 300 Bytes',
    );
    expect(factsLine(roundFacts('document', { ...base, file_type: 'pdf', page_count: 6 }))).toBe(
      'PDF · 6 pages · 2.4 Mb',
    );
  });
});
