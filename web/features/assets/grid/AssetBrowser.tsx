import { useCallback, useMemo, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconFilterOff } from '@tabler/icons-react';
import type { Label, Project } from '@common/api/projects';
import { assetAbilities } from '@common/assetGrid/abilities';
import { flatAssets, totalCount } from '@common/assetGrid/listPages';
import { actionTargets, EMPTY_SELECTION, keepPresent, type GridSelection } from '@common/assetGrid/selection';
import { hasAssetFilters, listParams } from '@common/assetGrid/viewOptions';
import { loadEveryPage, useAssetList } from '@web/features/assets/api/assets';
import { projectLabelOwner, useLabels } from '@web/features/labels';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { LoadError } from '@web/components/page/LoadError';
import { actorOf } from '@web/features/projects';
import type { ViewMode } from '@web/features/projects';
import { AssetCollection } from './AssetCollection';
import { AssetFilterChips } from './AssetFilterChips';
import { AssetSelectionBar } from './AssetSelectionBar';
import { AssetSkeletons } from './AssetSkeletons';
import { AssetToolbar } from './AssetToolbar';
import { AssetDialogs, type AssetDialog } from './dialogs/AssetDialogs';
import { RootDropTarget } from './RootDropTarget';
import { useAssetCommands } from './useAssetCommands';
import { useAssetDrag, useFolderDrop } from './useAssetDrag';
import { useAssetsView } from './useAssetsView';
import { useGridHandlers } from './useGridHandlers';
import { useRememberedView } from './useRememberedView';

const NO_LABELS: Label[] = [];

export const ASSET_EMPTY_TEXTS = {
  filteredTitle: 'No assets match these filters',
  filteredBody: 'Change or clear the filters to see the other assets.',
} as const;

/**
 * The assets of a project's root or of a folder (issue 11): the toolbar, the virtual grid or
 * list, selection by click, range, toggle, rectangle and keys, the keyboard mode, drag onto a
 * folder, and every action with its dialog. Nothing shows for a place with no assets at all:
 * the page's own empty state speaks for it.
 */
export function AssetBrowser({
  project,
  folderId,
  mode,
}: {
  project: Project;
  folderId: number | null;
  mode: ViewMode;
}) {
  const view = useAssetsView();
  useRememberedView(mode, view.options, view.ready, view.update);
  // Where the slider was moved to; it stays the size shown, saved or not, so quick key presses
  // on the slider each start from the last one.
  const [movingSize, setMovingSize] = useState<number | null>(null);
  const itemSize = movingSize ?? view.options.item_size;
  const list = useAssetList(project.id, folderId, listParams(view.options), view.ready);
  const assets = useMemo(() => flatAssets(list.data), [list.data]);
  const total = totalCount(list.data);
  const order = useMemo(() => assets.map((a) => a.id), [assets]);
  const labels = useLabels(projectLabelOwner(project.id)).data ?? NO_LABELS;
  const actor = actorOf(project);
  // One object while the role stays the same: tiles compare it to decide whether to draw again.
  const abilities = useMemo(
    () => assetAbilities({ role: actor.role, isWorkspaceOwner: actor.isWorkspaceOwner }),
    [actor.role, actor.isWorkspaceOwner],
  );
  const commands = useAssetCommands(project.id);
  const queryClient = useQueryClient();
  const filtered = hasAssetFilters(view.options.filter);

  const [picked, setPicked] = useState<GridSelection>(EMPTY_SELECTION);
  // Assets that left the list (deleted, moved, filtered out) leave the selection and the focus.
  const selection = useMemo(() => keepPresent(picked, new Set(order)), [picked, order]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const currentId = chosenId !== null && order.includes(chosenId) ? chosenId : null;
  const [dialog, setDialog] = useState<AssetDialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const openHelp = useCallback(() => setDialog({ kind: 'help' }), []);
  const [selectingAll, setSelectingAll] = useState(false);

  const targetsFor = useCallback(
    (focused: number | null) => actionTargets(selection, focused, order),
    [selection, order],
  );
  const drag = useAssetDrag((asset) => targetsFor(asset.id));
  const moveTo = commands.move;
  useFolderDrop(abilities.move, moveTo);

  async function selectEverything() {
    setSelectingAll(true);
    try {
      const all = await loadEveryPage(queryClient, project.id, folderId, listParams(view.options));
      setPicked({ ids: new Set(all.map((a) => a.id)), anchor: order[0] ?? null });
    } finally {
      setSelectingAll(false);
    }
  }

  const grid = useGridHandlers({
    assets,
    order,
    labels,
    abilities,
    selection,
    currentId,
    setSelection: setPicked,
    setCurrent: setChosenId,
    setDialog,
    commands,
    drag,
    selectEverything,
  });

  if (!view.ready || list.isPending) return <AssetSkeletons />;
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  if (total === 0 && !filtered) return null;

  const selected = assets.filter((a) => selection.ids.has(a.id));
  return (
    <Stack gap="md" data-testid="asset-section">
      <AssetToolbar
        options={view.options}
        total={total}
        labels={labels}
        itemSize={itemSize}
        onItemSize={setMovingSize}
        onChange={view.update}
        onHelp={openHelp}
      />
      <AssetFilterChips
        filter={view.options.filter}
        labels={labels}
        onChange={(filter) => view.update({ filter })}
      />
      {total === 0 ? (
        <EmptyPanel
          testId="assets-filtered-empty"
          icon={<IconFilterOff size={26} />}
          title={ASSET_EMPTY_TEXTS.filteredTitle}
          description={ASSET_EMPTY_TEXTS.filteredBody}
        >
          <Button variant="default" onClick={() => view.update({ filter: {} })}>
            Clear filters
          </Button>
        </EmptyPanel>
      ) : (
        <AssetCollection
          mode={mode}
          assets={assets}
          total={total}
          itemSize={itemSize}
          currentId={currentId}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          loadMore={() => void list.fetchNextPage()}
          abilities={abilities}
          {...grid}
        />
      )}
      {drag.dragging && folderId !== null && (
        <RootDropTarget projectName={project.name} count={drag.dragging.length} />
      )}
      <AssetSelectionBar
        selected={selected}
        total={total}
        abilities={abilities}
        selectingAll={selectingAll}
        onIntent={(intent) => grid.act(intent, [...selection.ids])}
        onSelectAll={() => void selectEverything()}
        onClear={() => setPicked(EMPTY_SELECTION)}
      />
      <AssetDialogs
        project={project}
        folderId={folderId}
        labels={labels}
        dialog={dialog}
        commands={commands}
        onClose={closeDialog}
      />
    </Stack>
  );
}
