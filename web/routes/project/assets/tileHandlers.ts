import type { DragEvent, MouseEvent } from 'react';
import type { AssetView } from '@common/api/assets';
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
