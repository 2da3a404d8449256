import type { DragEvent, FocusEvent, MouseEvent } from 'react';
import type { AssetView } from '@common/api/assets';
import { describeAsset } from '@common/assetGrid/describeAsset';
import type { AssetAbilities } from '@common/assetGrid/abilities';
import type { AssetIntent } from './AssetMenu';

/** What a tile or a row tells the collection about the pointer and focus. */
export interface TileHandlers {
  /** A click on the tile: select it, with shift for a range and Ctrl/Cmd to toggle. */
  onPress: (event: MouseEvent, asset: AssetView) => void;
  /** A click on its checkbox: toggle it, with shift for a range. */
  onToggle: (event: MouseEvent, asset: AssetView) => void;
  onOpen: (asset: AssetView) => void;
  /** The tile got the keyboard focus (tab, click): it is the grid's current one now. */
  onFocusTile: (asset: AssetView) => void;
  onDragStart: (event: DragEvent, asset: AssetView) => void;
  onDragEnd: () => void;
  /** A choice in the asset's menu. */
  onIntent: (asset: AssetView, intent: AssetIntent) => void;
}

/**
 * What a tile or row shows. Plain values and stable handlers, so a tile renders again only when
 * its own asset or marks change, not on every scroll frame or key press of the grid.
 */
export interface TileProps {
  asset: AssetView;
  selected: boolean;
  /** The grid's current tile: the one in the tab order, where the keys act. */
  current: boolean;
  /** Something is selected: every checkbox shows. */
  selecting: boolean;
  draggable: boolean;
  abilities: AssetAbilities;
  handlers: TileHandlers;
}

/**
 * What a tile and a row share as the grid's cell: its place in the tab order, selection, name
 * for assistive technology, and the pointer and drag handlers. `onArm` runs when the pointer
 * first reaches it (its menu is made then).
 */
export function cellAttributes(props: TileProps, onArm: () => void) {
  const { asset, selected, current, draggable, handlers } = props;
  return {
    tabIndex: current ? 0 : -1,
    'aria-selected': selected,
    'aria-label': describeAsset(asset),
    'data-asset-cell': true,
    'data-asset-id': asset.id,
    'data-selected': selected,
    draggable,
    onClick: (event: MouseEvent) => handlers.onPress(event, asset),
    onDoubleClick: () => handlers.onOpen(asset),
    onFocus: (event: FocusEvent) => event.target === event.currentTarget && handlers.onFocusTile(asset),
    onDragStart: (event: DragEvent) => handlers.onDragStart(event, asset),
    onDragEnd: handlers.onDragEnd,
    onPointerEnter: onArm,
  };
}
