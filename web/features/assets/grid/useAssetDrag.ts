import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { AssetView } from '@common/api/assets';
import { plural } from '@common/text';

/** The drag's own type: only asset drags are taken by folders (dropped files are uploads). */
export const ASSET_DRAG_TYPE = 'application/x-proofroom-assets';
/** Folder cards and rows carry data-folder-id; the folder page's root target carries this. */
export const ROOT_DROP_ATTRIBUTE = 'data-asset-drop-root';
/** Set on the target under the pointer, for its highlight. */
const OVER_ATTRIBUTE = 'data-asset-drop-over';

/** A small 'N assets' card under the pointer, instead of a ghost of the whole tile. */
function dragImage(label: string): HTMLElement {
  const card = document.createElement('div');
  card.textContent = label;
  Object.assign(card.style, {
    position: 'fixed',
    top: '-100px',
    left: '0',
    padding: '6px 12px',
    borderRadius: '8px',
    background: '#5744e2',
    color: '#fff',
    font: '600 13px/18px system-ui, sans-serif',
    boxShadow: '0 4px 12px rgba(0,0,0,.2)',
  });
  document.body.append(card);
  setTimeout(() => card.remove(), 0);
  return card;
}

/**
 * Tiles drag onto a folder to move there (the selection when the tile is in it, else that tile).
 * Answers the tiles' drag handlers and the ids on their way, while a drag lasts.
 */
export function useAssetDrag(idsFor: (asset: AssetView) => number[]) {
  const [dragging, setDragging] = useState<number[] | null>(null);
  return {
    dragging,
    onDragStart: (event: DragEvent, asset: AssetView) => {
      const ids = idsFor(asset);
      event.dataTransfer.setData(ASSET_DRAG_TYPE, JSON.stringify(ids));
      event.dataTransfer.setData('text/plain', ids.length === 1 ? asset.name : plural(ids.length, 'asset'));
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setDragImage(
        dragImage(ids.length === 1 ? asset.name : plural(ids.length, 'asset')),
        12,
        12,
      );
      setDragging(ids);
    },
    onDragEnd: () => {
      setDragging(null);
    },
  };
}

function dropTarget(event: globalThis.DragEvent): HTMLElement | null {
  if (!Array.from(event.dataTransfer?.types ?? []).includes(ASSET_DRAG_TYPE)) return null;
  return (
    (event.target as Element | null)?.closest<HTMLElement>(`[data-folder-id], [${ROOT_DROP_ATTRIBUTE}]`) ??
    null
  );
}

/**
 * Folder cards and rows, and the project root's target, take dropped assets: the one under the
 * pointer is highlighted, and a drop moves the assets there (`folderId` null: the root).
 */
export function useFolderDrop(enabled: boolean, onDrop: (ids: number[], folderId: number | null) => void) {
  const latest = useRef(onDrop);
  useEffect(() => {
    latest.current = onDrop;
  }, [onDrop]);

  useEffect(() => {
    if (!enabled) return;
    let over: HTMLElement | null = null;
    const highlight = (target: HTMLElement | null) => {
      if (over === target) return;
      over?.removeAttribute(OVER_ATTRIBUTE);
      target?.setAttribute(OVER_ATTRIBUTE, 'true');
      over = target;
    };
    function dragOver(event: globalThis.DragEvent) {
      const target = dropTarget(event);
      highlight(target);
      if (!target || !event.dataTransfer) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    }
    function drop(event: globalThis.DragEvent) {
      const target = dropTarget(event);
      highlight(null);
      if (!target || !event.dataTransfer) return;
      event.preventDefault();
      const ids = (JSON.parse(event.dataTransfer.getData(ASSET_DRAG_TYPE) || '[]') as unknown[]).filter(
        (id): id is number => typeof id === 'number',
      );
      const folderId = target.dataset.folderId ? Number(target.dataset.folderId) : null;
      if (ids.length > 0) latest.current(ids, folderId);
    }
    const clear = () => highlight(null);
    window.addEventListener('dragover', dragOver);
    window.addEventListener('drop', drop);
    window.addEventListener('dragend', clear);
    return () => {
      window.removeEventListener('dragover', dragOver);
      window.removeEventListener('drop', drop);
      window.removeEventListener('dragend', clear);
      clear();
    };
  }, [enabled]);
}
