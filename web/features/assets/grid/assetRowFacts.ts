import type { AssetView } from '@common/api/assets';
import { roundFacts } from '@web/features/sharing';

/** Shown in a cell whose value is not known (a picture not measured yet, a document not counted). */
export const UNKNOWN_CELL = '—';
/** The uploader of a round whose account is gone (as a deleted comment author reads). */
export const DELETED_UPLOADER = 'Deleted user';

/** The list view's Size, Dimensions and Uploader cells of an asset: those of its current round. */
export function assetRowFacts(asset: Pick<AssetView, 'kind' | 'current_version'>) {
  const round = asset.current_version;
  const facts = roundFacts(asset.kind, round);
  return {
    size: facts.size,
    dimensions: facts.extent ?? UNKNOWN_CELL,
    uploader: round.uploader.name ?? DELETED_UPLOADER,
  };
}
