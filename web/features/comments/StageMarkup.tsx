import { useMemo, useSyncExternalStore } from 'react';
import type { AssetRound, AssetView } from '@common/api/assets';
import type { Project } from '@common/api/projects';
import { can } from '@common/projectRoles';
import { useRoundComments } from '@web/features/comments/api/comments';
import { MarkupLayer, MarkupToolbar } from '@web/features/markup';
import type { MarkupStore } from '@web/features/markup';
import { drawingsOnPage } from './drawingsOnPage';

/**
 * What the stage shows over the round: its comments' markup, and for a member who may comment
 * on the current round the toolbar and the drawing of the next comment's lines.
 */
export function StageMarkup({
  asset,
  round,
  project,
  store,
  page,
}: {
  asset: AssetView;
  round: AssetRound;
  project: Project;
  store: MarkupStore;
  /** The document's page shown (1 for an image): only its drawings are shown. */
  page: number;
}) {
  const comments = useRoundComments(asset.id, round.number);
  const redrawing = useSyncExternalStore(store.subscribe, () => store.getState().redrawing);
  // A drawing being redrawn is on the stage as the draft, not as its comment's stored lines.
  const onPage = useMemo(
    () => drawingsOnPage(comments.data ?? [], asset.kind, page).filter((comment) => comment.id !== redrawing),
    [comments.data, asset.kind, page, redrawing],
  );
  const actor = {
    role: project.current_user_role?.name ?? null,
    isWorkspaceOwner: project.current_user_is_workspace_owner,
  };
  // The author redraws their comment's drawing on its round, even an earlier one.
  const canDraw = (can(actor, 'comments.add') && round.id === asset.version_id) || redrawing !== null;
  return (
    <>
      <MarkupLayer store={store} comments={onPage} canDraw={canDraw} />
      {canDraw && <MarkupToolbar store={store} />}
    </>
  );
}
