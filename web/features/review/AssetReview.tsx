import { assetKeys } from '@web/api/keys';
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { AssetView } from '@common/api/assets';
import { ACTIVE_COMMENT_PARAM } from '@common/api/notifications';
import { DECISION_CAPABILITY } from '@common/api/decisions';
import type { Project } from '@common/api/projects';
import { assetAbilities } from '@common/assetGrid/abilities';
import { can } from '@common/projectRoles';
import { useMarkAssetSeen, assetPath, useAssetCommands } from '@web/features/assets';
import { DownloadAssetsDialog } from '@web/features/downloads';
import { CommentsPanel, StageMarkup } from '@web/features/comments';
import { MarkupStore } from '@web/features/markup';
import { TasksButton } from '@web/features/tasks';
import { AssetViewers } from '@web/features/live';
import { ViewController } from '@web/features/viewer';
import { actorOf } from '@web/features/projects';
import { AssetHeader } from './AssetHeader';
import classes from './AssetView.module.css';
import { AssetLayout } from './AssetLayout';
import { AssetShortcutsHelp } from './AssetShortcutsHelp';
import { CompareControl } from './compare/CompareControl';
import { CompareStage } from './compare/CompareStage';
import { useCompareKeys } from './compare/useCompareKeys';
import { useCompareSession } from './compare/useCompareSession';
import type { AssetCommand } from './assetShortcuts';
import { DecisionsOverComments, ReviewerDecisions } from './decisions/ReviewerDecisions';
import { RoundStage } from './RoundStage';
import { roundOnScreen, useAssetRounds } from './useAssetRounds';
import { useAssetKeys } from './useAssetKeys';
import { useNeighbours } from './useNeighbours';

/** `?open_tasks_panel` opens the tasks panel with the asset (§2). */
const OPEN_TASKS_PANEL = 'open_tasks_panel';

/**
 * One asset under review: the header, the stage with the round picked (the current one first),
 * the keys, and the shortcuts and download dialogs. Opening it records that the user has seen it.
 */
export function AssetReview({
  asset,
  project,
  back,
}: {
  asset: AssetView;
  project: Project;
  back: { to: string; label: string };
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Once closed, the panel a link opened stays closed on reload.
  const closeTasksLink = () =>
    setSearchParams(
      (params) => {
        params.delete(OPEN_TASKS_PANEL);
        return params;
      },
      { replace: true },
    );
  // A notification's link names the comment thread to open (`?comment_id`).
  const activeParam = Number(searchParams.get(ACTIVE_COMMENT_PARAM));
  const activeCommentId = Number.isInteger(activeParam) && activeParam > 0 ? activeParam : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const commands = useAssetCommands(project.id);
  const actor = actorOf(project);
  const abilities = useMemo(
    () => assetAbilities({ role: actor.role, isWorkspaceOwner: actor.isWorkspaceOwner }),
    [actor.role, actor.isWorkspaceOwner],
  );
  const rounds = useAssetRounds(asset);
  const [pickedRound, setPickedRound] = useState<number | null>(null);
  const round = roundOnScreen(asset, rounds.data, pickedRound);
  const [page, setPage] = useState(1);
  const pages = asset.kind === 'document' ? (round.page_count ?? 1) : 1;
  const neighbours = useNeighbours(asset);
  const [controller] = useState(() => new ViewController());
  const [markup] = useState(() => new MarkupStore());
  const [helpOpen, setHelpOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // The page on screen carries into and out of compare, within the pages the rounds shown have.
  const compare = useCompareSession(asset, rounds.data ?? [], round.id, (last) =>
    setPage((now) => Math.min(now, last)),
  );

  const markSeen = useMarkAssetSeen(project.id).mutate;
  useEffect(() => markSeen(asset.id), [asset.id, markSeen]);

  const open = (target: AssetView | null) => {
    if (!target) return;
    // The list's copy shows at once; the asset is read again in the background when stale.
    if (!queryClient.getQueryData(assetKeys.one(target.id)))
      queryClient.setQueryData(assetKeys.one(target.id), target);
    void navigate(assetPath(target));
  };
  const pickRound = (roundId: number) => {
    setPickedRound(roundId === asset.version_id ? null : roundId);
    setPage(1);
  };
  const goToPage = (next: number) =>
    setPage(Math.min(compare.active ? compare.pages : pages, Math.max(1, next)));
  const actions = {
    pickRound,
    toggleApproval: () => commands.setApproval([asset.id], asset.approve !== 'confirmed'),
    toggleRush: () => commands.setRush([asset.id], !asset.rush_priority),
    download: () => setDownloading(true),
    help: () => setHelpOpen(true),
    previous: () => open(neighbours.previous),
    next: () => open(neighbours.next),
  };

  const run = (command: AssetCommand) => {
    switch (command) {
      case 'previousAsset':
        return actions.previous();
      case 'nextAsset':
        return actions.next();
      case 'zoomIn':
        return controller.zoomIn();
      case 'zoomOut':
        return controller.zoomOut();
      case 'fit':
        return controller.fit();
      case 'actualSize':
        return controller.actualSize();
      case 'previousPage':
        return goToPage(page - 1);
      case 'nextPage':
        return goToPage(page + 1);
      case 'toggleApproval':
        return abilities.approve ? actions.toggleApproval() : undefined;
      case 'toggleRush':
        return abilities.flag ? actions.toggleRush() : undefined;
      case 'download':
        return abilities.download ? actions.download() : undefined;
      case 'help':
        return actions.help();
    }
  };
  useAssetKeys(run, !helpOpen && !downloading);
  useCompareKeys(compare, !helpOpen && !downloading);

  return (
    <>
      <AssetLayout
        header={
          <AssetHeader
            asset={asset}
            round={round}
            rounds={rounds.data ?? []}
            abilities={abilities}
            neighbours={neighbours}
            back={back}
            actions={actions}
            comparing={compare.active}
            compareControl={
              <CompareControl session={compare} rounds={rounds.data ?? []} latestId={asset.version_id} />
            }
            tasks={
              can(actor, 'tasks.see') && (
                <TasksButton
                  projectId={project.id}
                  initiallyOpen={searchParams.has(OPEN_TASKS_PANEL)}
                  onClosed={closeTasksLink}
                />
              )
            }
            viewers={
              <AssetViewers
                assetId={asset.id}
                trailing={<span className={classes.separator} aria-hidden />}
              />
            }
          />
        }
        stage={
          compare.active ? (
            <CompareStage
              asset={asset}
              session={compare}
              controller={controller}
              page={page}
              onPage={goToPage}
              markup={markup}
            />
          ) : (
            <RoundStage
              asset={asset}
              round={round}
              controller={controller}
              page={page}
              onPage={goToPage}
              onDownload={abilities.download ? actions.download : null}
              overlay={
                <StageMarkup asset={asset} round={round} project={project} store={markup} page={page} />
              }
            />
          )
        }
        aside={
          <DecisionsOverComments
            strip={
              <ReviewerDecisions
                asset={asset}
                mayDecide={can(actor, DECISION_CAPABILITY)}
                shownIsCurrent={round.id === asset.version_id && !compare.active}
              />
            }
          >
            <CommentsPanel
              asset={asset}
              round={round}
              project={project}
              store={markup}
              page={page}
              onPage={goToPage}
              activeCommentId={activeCommentId}
            />
          </DecisionsOverComments>
        }
      />
      <AssetShortcutsHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
      <DownloadAssetsDialog
        projectId={project.id}
        assets={downloading ? [asset] : null}
        onClose={() => setDownloading(false)}
      />
    </>
  );
}
