import { useLayoutEffect, useMemo, useRef, type Dispatch, type SetStateAction } from 'react';
import type { AssetView } from '@common/api/assets';
import type { Label } from '@common/api/projects';
import type { AssetAbilities } from '@common/assetGrid/abilities';
import {
  actionTargets,
  clickSelect,
  EMPTY_SELECTION,
  extendTo,
  selectMany,
  toggleOne,
  type GridSelection,
} from '@common/assetGrid/selection';
import type { GridCommand } from '@common/assetGrid/shortcuts';
import type { CollectionProps } from './AssetCollection';
import type { AssetIntent } from './AssetMenu';
import type { AssetDialog } from './dialogs/AssetDialogs';
import type { AssetCommands } from './useAssetCommands';
import type { TileHandlers } from './tileHandlers';
import type { useAssetDrag } from './useAssetDrag';

interface GridDeps {
  assets: readonly AssetView[];
  order: readonly number[];
  labels: readonly Label[];
  abilities: AssetAbilities;
  selection: GridSelection;
  currentId: number | null;
  setSelection: Dispatch<SetStateAction<GridSelection>>;
  setCurrent: (id: number | null) => void;
  setDialog: (dialog: AssetDialog) => void;
  commands: AssetCommands;
  drag: ReturnType<typeof useAssetDrag>;
  selectEverything: () => Promise<void>;
}

type GridHandlers = Pick<
  CollectionProps,
  'selected' | 'tabbableId' | 'handlers' | 'onMove' | 'onCommand' | 'onRectangle' | 'onRectangleEnd'
> & { act: (intent: AssetIntent, ids: number[]) => void };

/**
 * Tile handlers that keep their identity from render to render and call the latest ones: a tile
 * that did not change is not drawn again when the grid's selection or focus does.
 */
function useStableHandlers(current: TileHandlers): TileHandlers {
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  return useMemo(
    () => ({
      onPress: (event, asset) => latest.current.onPress(event, asset),
      onToggle: (event, asset) => latest.current.onToggle(event, asset),
      onOpen: (asset) => latest.current.onOpen(asset),
      onFocusTile: (asset) => latest.current.onFocusTile(asset),
      onDragStart: (event, asset) => latest.current.onDragStart(event, asset),
      onDragEnd: () => latest.current.onDragEnd(),
      onIntent: (asset, intent) => latest.current.onIntent(asset, intent),
    }),
    [],
  );
}

/**
 * What the grid's pointer, keys, menus and selection bar do: selection rules and action targets
 * come from common/assetGrid; this turns them into calls, dialogs and state.
 */
export function useGridHandlers(deps: GridDeps): GridHandlers {
  const { assets, order, labels, abilities, selection, currentId, commands, setSelection, setDialog } = deps;
  const byId = useMemo(() => new Map(assets.map((a) => [a.id, a])), [assets]);
  const assetsOf = (ids: readonly number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  const targets = () => actionTargets(selection, currentId, order);
  // What was selected when a drag rectangle started, for Shift/Ctrl to add to.
  const rectangleBase = useRef<GridSelection | null>(null);

  function act(intent: AssetIntent, ids: number[]) {
    const chosen = assetsOf(ids);
    const first = chosen[0];
    if (!first) return;
    switch (intent) {
      case 'open':
        return commands.open(first);
      case 'rename':
        if (abilities.rename) setDialog({ kind: 'rename', asset: first });
        return;
      case 'approve':
      case 'unapprove':
        if (abilities.approve) commands.setApproval(ids, intent === 'approve');
        return;
      case 'flag':
      case 'unflag':
        if (abilities.flag) commands.setRush(ids, intent === 'flag');
        return;
      case 'label':
        if (abilities.label) setDialog({ kind: 'label', ids });
        return;
      case 'move':
        if (abilities.move) setDialog({ kind: 'move', ids });
        return;
      case 'download':
        return setDialog({ kind: 'download', assets: chosen });
      case 'share':
        if (abilities.share) setDialog({ kind: 'share', ids });
        return;
      case 'delete':
        if (abilities.destroy) setDialog({ kind: 'delete', assets: chosen });
        return;
    }
  }

  function onCommand(command: Exclude<GridCommand, { kind: 'move' }>) {
    const ids = targets();
    switch (command.kind) {
      case 'approve':
        return act('approve', ids);
      case 'unapprove':
        return act('unapprove', ids);
      case 'toggleRush':
        return act(assetsOf(ids).every((a) => a.rush_priority) ? 'unflag' : 'flag', ids);
      case 'label': {
        if (!abilities.label || ids.length === 0) return;
        if (command.slot === 0) return commands.setLabel(ids, null);
        const label = labels[command.slot - 1];
        if (label) commands.setLabel(ids, label);
        return;
      }
      case 'pickLabel':
        return act('label', ids);
      case 'open':
        return currentId === null ? undefined : act('open', [currentId]);
      case 'rename':
        return currentId === null ? undefined : act('rename', [currentId]);
      case 'toggleSelect':
        if (currentId !== null) setSelection(toggleOne(selection, currentId));
        return;
      case 'selectAll':
        return void deps.selectEverything();
      case 'clearSelection':
        return setSelection(EMPTY_SELECTION);
      case 'moveToFolder':
        return act('move', ids);
      case 'download':
        return act('download', ids);
      case 'delete':
        return act('delete', ids);
      case 'help':
        return setDialog({ kind: 'help' });
    }
  }

  const handlers = useStableHandlers({
    onPress(event, asset) {
      deps.setCurrent(asset.id);
      setSelection(
        clickSelect(selection, order, asset.id, {
          range: event.shiftKey,
          toggle: event.ctrlKey || event.metaKey,
        }),
      );
    },
    onToggle(event, asset) {
      deps.setCurrent(asset.id);
      setSelection(clickSelect(selection, order, asset.id, { range: event.shiftKey, toggle: true }));
    },
    onOpen: (asset) => commands.open(asset),
    onFocusTile: (asset) => deps.setCurrent(asset.id),
    onDragStart: deps.drag.onDragStart,
    onDragEnd: deps.drag.onDragEnd,
    // The menu acts on the selection when its asset is in it; open and rename on the asset alone.
    onIntent: (asset, intent) =>
      act(
        intent,
        intent === 'open' || intent === 'rename' ? [asset.id] : actionTargets(selection, asset.id, order),
      ),
  });

  return {
    act,
    onCommand,
    selected: selection.ids,
    tabbableId: currentId ?? order[0] ?? null,
    handlers,
    onMove(from, to, extend) {
      deps.setCurrent(to.id);
      if (extend) setSelection(extendTo(selection, order, from?.id ?? to.id, to.id));
    },
    onRectangle(ids, additive) {
      rectangleBase.current ??= selection;
      setSelection(selectMany(additive ? rectangleBase.current : EMPTY_SELECTION, ids, additive));
    },
    onRectangleEnd(moved, additive) {
      rectangleBase.current = null;
      if (!moved && !additive) setSelection(EMPTY_SELECTION);
    },
  };
}
