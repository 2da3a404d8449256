import type { SharedRound } from '@common/api/sharedAssets';
import { plural } from '@common/text';
import { formatFileSize } from '@common/uploads/fileSize';

/** What a viewer reads about a round at a glance. */
export interface RoundFacts {
  type: string;
  /** Pages of a document, or the pixels of a picture; null when unknown. */
  extent: string | null;
  size: string;
}

/** A document is told by its pages, a picture by its pixels. */
export function roundFacts(
  kind: 'image' | 'document',
  round: Pick<SharedRound, 'file_type' | 'width' | 'height' | 'page_count' | 'size_in_bytes'>,
): RoundFacts {
  let extent: string | null = null;
  if (kind === 'document') extent = round.page_count ? plural(round.page_count, 'page') : null;
  else if (round.width && round.height) extent = `${round.width} × ${round.height}`;
  return { type: round.file_type.toUpperCase(), extent, size: formatFileSize(round.size_in_bytes) };
}

/** 'JPEG · 2048 × 1365 · 2.4 Mb' */
export const factsLine = ({ type, extent, size }: RoundFacts) =>
  [type, extent, size].filter((part) => part !== null).join(' · ');
