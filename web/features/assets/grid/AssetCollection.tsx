import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { AssetView } from '@common/api/assets';
import { FlingWatch, FlingWatchContext } from '@web/features/assets/flingWatch';
import {
  gridLayout,
  indexesInBand,
  indexesInRect,
  listRowHeight,
  listThumbSize,
  rowCount,
  TILE_BODY_HEIGHT,
  TILE_PADDING,
  type Rect,
} from '@common/assetGrid/layout';
import type { AssetAbilities } from '@common/assetGrid/abilities';
import { moveFocus } from '@common/assetGrid/navigation';
import { commandFor, type GridCommand } from '@common/assetGrid/shortcuts';
import type { ViewMode } from '@web/features/projects';
import { AssetListHead, AssetRow, RowSkeleton } from './AssetRow';
import { AssetTile, TileSkeleton } from './AssetTile';
import type { TileHandlers } from './tileHandlers';
import { useDocumentTop } from './useDocumentTop';
import { useElementWidth } from './useElementWidth';
import { useMarquee } from './useMarquee';
import classes from './AssetCollection.module.css';

/** The sticky top bar above, the selection bar below: a row scrolled to lands clear of both. */
const SCROLL_PADDING = { start: 76, end: 96 };
/** Rows drawn beyond the screen each way, so a key press down usually finds its row drawn. */
const OVERSCAN = 3;

export interface CollectionProps {
  mode: ViewMode;
  assets: readonly AssetView[];
  /** All the list holds, loaded or not: the scroll height covers them all. */
  total: number;
  itemSize: number;
  selected: ReadonlySet<number>;
  /** The tile in the tab order: the current one, else the first. */
  tabbableId: number | null;
  abilities: AssetAbilities;
  /** Stable across renders, so tiles that did not change are not drawn again. */
  handlers: TileHandlers;
  currentId: number | null;
  /** Move the grid's current tile by the keyboard; `extend` grows the selection with shift. */
  onMove: (from: AssetView | undefined, to: AssetView, extend: boolean) => void;
  /** Every key command but movement. */
  onCommand: (command: Exclude<GridCommand, { kind: 'move' }>) => void;
  /** A drag rectangle touches these assets now; `additive` keeps what was selected before it. */
  onRectangle: (ids: number[], additive: boolean) => void;
  /** The rectangle was let go; a plain click on the background clears the selection. */
  onRectangleEnd: (moved: boolean, additive: boolean) => void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * The assets as a virtual grid of tiles or a virtual list of rows: only the rows on screen (and a
 * few beyond) exist in the page, so a folder of 10,000 scrolls as lightly as one of 10. The page
 * itself scrolls; pages of 100 load as the rows reach the end of what is loaded.
 */
export function AssetCollection(props: CollectionProps) {
  const { mode, assets, total, itemSize, currentId } = props;
  const { ref: sizeRef, width } = useElementWidth<HTMLDivElement>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(bodyRef);

  const grid = gridLayout(width, itemSize);
  const columns = mode === 'grid' ? grid.columns : 1;
  const rowHeight = mode === 'grid' ? grid.rowHeight : listRowHeight(itemSize);
  const stride = mode === 'grid' ? grid.rowStride : rowHeight;
  const rows = rowCount(Math.max(total, assets.length), columns);
  const [flingWatch] = useState(() => new FlingWatch());
  useEffect(() => () => flingWatch.dispose(), [flingWatch]);

  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => stride,
    overscan: OVERSCAN,
    onChange: (instance) => flingWatch.observe(instance.scrollOffset ?? 0),
    scrollMargin,
    scrollPaddingStart: SCROLL_PADDING.start,
    scrollPaddingEnd: SCROLL_PADDING.end,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, stride, columns]);
  const items = virtualizer.getVirtualItems();

  // The next page loads when the rows drawn reach the last loaded one.
  const lastRow = items.at(-1)?.index ?? 0;
  const { hasMore, loadingMore, loadMore } = props;
  useEffect(() => {
    if (hasMore && !loadingMore && (lastRow + 2) * columns >= assets.length) loadMore();
  }, [lastRow, columns, assets.length, hasMore, loadingMore, loadMore]);

  // A tile reached by the keyboard takes the focus once its row is drawn.
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const element = bodyRef.current?.querySelector<HTMLElement>(`[data-asset-id="${id}"]`);
    if (element) {
      pendingFocus.current = null;
      element.focus();
    }
  });

  const marquee = useMarquee(
    bodyRef,
    (rect: Rect, additive: boolean) => {
      const indexes =
        mode === 'grid'
          ? indexesInRect(rect, grid, assets.length)
          : indexesInBand(rect, stride, assets.length);
      props.onRectangle(
        indexes.flatMap((i) => (assets[i] ? [assets[i].id] : [])),
        additive,
      );
    },
    props.onRectangleEnd,
  );

  function onKeyDown(event: KeyboardEvent) {
    const command = commandFor(event);
    if (!command) return;
    // Keys typed in a menu or on a checkbox are theirs; the grid acts on keys given to a tile.
    if (!(event.target as HTMLElement).hasAttribute('data-asset-cell')) return;
    event.preventDefault();
    if (command.kind !== 'move') {
      props.onCommand(command);
      return;
    }
    const from = currentId === null ? -1 : assets.findIndex((a) => a.id === currentId);
    const pageRows = Math.max(1, Math.floor((window.innerHeight - SCROLL_PADDING.start) / stride) - 1);
    const to = moveFocus(from, command.key, { count: assets.length, columns, pageRows }, command.jump);
    const target = assets[to];
    if (!target) return;
    props.onMove(assets[from], target, command.extend);
    const element = bodyRef.current?.querySelector<HTMLElement>(`[data-asset-id="${target.id}"]`);
    if (element) element.focus();
    else {
      pendingFocus.current = target.id;
      virtualizer.scrollToIndex(Math.floor(to / columns), { align: 'auto' });
    }
  }

  const style = {
    '--preview-height': `${grid.rowHeight - TILE_PADDING - TILE_BODY_HEIGHT}px`,
    '--thumb-size': `${listThumbSize(itemSize)}px`,
  } as CSSProperties;
  const renderCell = (index: number) => {
    const asset = assets[index];
    if (!asset)
      return mode === 'grid' ? <TileSkeleton key={`s${index}`} /> : <RowSkeleton key={`s${index}`} />;
    const tile = {
      asset,
      selected: props.selected.has(asset.id),
      current: asset.id === props.tabbableId,
      selecting: props.selected.size > 0,
      draggable: props.abilities.move,
      abilities: props.abilities,
      handlers: props.handlers,
    };
    return mode === 'grid' ? <AssetTile key={asset.id} {...tile} /> : <AssetRow key={asset.id} {...tile} />;
  };

  return (
    <FlingWatchContext.Provider value={flingWatch}>
      <div
        ref={sizeRef}
        role="grid"
        aria-label="Assets"
        aria-multiselectable
        aria-rowcount={rows}
        aria-colcount={mode === 'grid' ? columns : 8}
        className={classes.collection}
        data-mode={mode}
        data-testid={mode === 'grid' ? 'asset-grid' : 'asset-list'}
        data-columns={columns}
        style={style}
        onKeyDown={onKeyDown}
        onPointerDown={marquee.onPointerDown}
      >
        {mode === 'list' && <AssetListHead />}
        <div
          ref={bodyRef}
          role="rowgroup"
          className={classes.body}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((row) => {
            const first = row.index * columns;
            const indexes = Array.from({ length: columns }, (_, c) => first + c).filter(
              (i) => i < Math.max(total, assets.length),
            );
            const loaded = indexes.some((i) => assets[i]);
            const position: CSSProperties = {
              transform: `translateY(${row.start - scrollMargin}px)`,
              height: rowHeight,
            };
            if (mode === 'list')
              return (
                <div
                  key={row.key}
                  className={classes.slot}
                  style={position}
                  aria-hidden={!loaded || undefined}
                >
                  {renderCell(first)}
                </div>
              );
            return (
              <div
                key={row.key}
                role="row"
                aria-rowindex={row.index + 1}
                aria-hidden={!loaded || undefined}
                className={classes.row}
                style={{ ...position, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
              >
                {indexes.map(renderCell)}
              </div>
            );
          })}
          {marquee.rect && (
            <div
              className={classes.marquee}
              aria-hidden
              data-testid="asset-marquee"
              style={{
                left: marquee.rect.left,
                top: marquee.rect.top,
                width: marquee.rect.right - marquee.rect.left,
                height: marquee.rect.bottom - marquee.rect.top,
              }}
            />
          )}
        </div>
      </div>
    </FlingWatchContext.Provider>
  );
}
