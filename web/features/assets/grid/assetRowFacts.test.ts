import { describe, expect, it } from 'vitest';
import type { AssetView } from '@common/api/assets';
import { assetRowFacts, DELETED_UPLOADER, UNKNOWN_CELL } from './assetRowFacts';

type Round = AssetView['current_version'];
const asset = (kind: AssetView['kind'], round: Partial<Round>) => ({
  kind,
  current_version: {
    file_type: 'jpeg',
    size_in_bytes: 2_516_582,
    width: null,
    height: null,
    page_count: null,
    uploader: { id: 4, name: 'Uma Uploader' },
    ...round,
  } as Round,
});

describe('assetRowFacts', () => {
  it('gives a picture its size in base 1024, its pixels and who uploaded its current round', () => {
    expect(assetRowFacts(asset('image', { width: 6000, height: 4000 }))).toEqual({
      size: '2.4 Mb',
      dimensions: '6000 × 4000',
      uploader: 'Uma Uploader',
    });
  });

  it('tells a document by its pages', () => {
    expect(
      assetRowFacts(asset('document', { file_type: 'pdf', page_count: 12, size_in_bytes: 900 })),
    ).toEqual({ size: '900 Bytes', dimensions: '12 pages', uploader: 'Uma Uploader' });
  });

  it('marks what is not known yet, and an uploader whose account is gone', () => {
    expect(assetRowFacts(asset('image', { uploader: { id: null, name: null } }))).toMatchObject({
      dimensions: UNKNOWN_CELL,
      uploader: DELETED_UPLOADER,
    });
  });
});
