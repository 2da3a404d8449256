import type { DragEvent, MouseEvent } from 'react';
import type { AssetView } from '@common/api/assets';

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
}

export interface TileState {
  asset: AssetView;
  selected: boolean;
  /** The grid's current tile: the one in the tab order, where the keys act. */
  current: boolean;
  /** Something is selected: every checkbox shows. */
  selecting: boolean;
  draggable: boolean;
}
