import { useMemo, useSyncExternalStore } from 'react';
import type { AssetRound, AssetView } from '@common/api/assets';
import { useRoundComments } from '@web/features/comments/api/comments';
import { MarkupView, type MarkupStore } from '@web/features/markup';
import { drawingsOnPage } from './drawingsOnPage';

/**
 * A round's comments' drawings on the page shown (every one on an image), with their numbered
 * markers, to look at: compare draws each round's over its own picture. The list is the one the
 * review's stage and comments panel read (useRoundComments), so it is asked for once. The comment
 * pointed at in the comments panel (the review's markup store) is lit where it is drawn.
 */
export function RoundDrawings({
  asset,
  round,
  page,
  store,
}: {
  asset: AssetView;
  round: AssetRound;
  page: number;
  store: MarkupStore;
}) {
  const comments = useRoundComments(asset.id, round.number);
  const onPage = useMemo(
    () => drawingsOnPage(comments.data ?? [], asset.kind, page),
    [comments.data, asset.kind, page],
  );
  const highlight = useSyncExternalStore(store.subscribe, () => store.getState().highlight);
  return <MarkupView comments={onPage} highlight={highlight} />;
}
