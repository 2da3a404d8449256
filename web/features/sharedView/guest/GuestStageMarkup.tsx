import { useMemo } from 'react';
import type { Comment } from '@common/api/comments';
import { drawingsOnPage } from '@web/features/comments';
import { MarkupLayer, MarkupToolbar, type MarkupStore } from '@web/features/markup';

/**
 * A review link's stage over the current round: the threads' drawings on the page shown, and the
 * members' toolbar and drawing layer for the guest's next comment (the draft its composer sends).
 */
export function GuestStageMarkup({
  store,
  comments,
  kind,
  page,
}: {
  store: MarkupStore;
  comments: readonly Comment[];
  kind: 'image' | 'document';
  page: number;
}) {
  const onPage = useMemo(() => drawingsOnPage(comments, kind, page), [comments, kind, page]);
  return (
    <>
      <MarkupLayer store={store} comments={onPage} canDraw />
      <MarkupToolbar store={store} />
    </>
  );
}
