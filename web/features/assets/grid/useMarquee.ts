import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { rectBetween, type Rect } from '@common/assetGrid/layout';

/** A press that moves less than this is a click on the background, not a drag. */
const DRAG_THRESHOLD = 4;
/** Near the window's top or bottom edge the page scrolls to follow the rectangle. */
const EDGE = 56;
const EDGE_SPEED = 18;

interface Drag {
  pointerId: number;
  /** The start in the content's coordinates (0,0 is the body's top left). */
  origin: { x: number; y: number };
  client: { x: number; y: number };
  additive: boolean;
  moved: boolean;
}

/**
 * The drag rectangle over the grid: pressed on the background (a gap, the space after the last
 * row), it selects the tiles it touches, adding to the selection with Shift or Ctrl/Cmd. A press
 * that does not move is a click on the background. Coordinates are the content's, so the page may scroll
 * under the rectangle (and does, near the window's edges).
 */
export function useMarquee(
  bodyRef: RefObject<HTMLElement | null>,
  onRect: (rect: Rect, additive: boolean) => void,
  /** The press ended; `moved` false for a click on the background. */
  onEnd: (moved: boolean, additive: boolean) => void,
) {
  const [rect, setRect] = useState<Rect | null>(null);
  const drag = useRef<Drag | null>(null);
  const startScrolling = useRef(() => {});
  const handlers = useRef({ onRect, onEnd });
  useEffect(() => {
    handlers.current = { onRect, onEnd };
  }, [onRect, onEnd]);

  useEffect(() => {
    let frame = 0;
    const toContent = (client: { x: number; y: number }) => {
      const box = bodyRef.current?.getBoundingClientRect();
      return box ? { x: client.x - box.left, y: client.y - box.top } : client;
    };
    const update = () => {
      const current = drag.current;
      if (!current) return;
      const point = toContent(current.client);
      if (
        !current.moved &&
        Math.hypot(point.x - current.origin.x, point.y - current.origin.y) < DRAG_THRESHOLD
      )
        return;
      current.moved = true;
      const next = rectBetween(current.origin, point);
      setRect(next);
      handlers.current.onRect(next, current.additive);
    };
    const scrollLoop = () => {
      const current = drag.current;
      if (!current) return;
      const { y } = current.client;
      const step = y < EDGE ? -EDGE_SPEED : y > window.innerHeight - EDGE ? EDGE_SPEED : 0;
      if (step !== 0 && current.moved) {
        window.scrollBy(0, step);
        update();
      }
      frame = requestAnimationFrame(scrollLoop);
    };
    const move = (event: PointerEvent) => {
      if (drag.current?.pointerId !== event.pointerId) return;
      drag.current.client = { x: event.clientX, y: event.clientY };
      update();
    };
    const end = (event: PointerEvent) => {
      const current = drag.current;
      if (current?.pointerId !== event.pointerId) return;
      handlers.current.onEnd(current.moved, current.additive);
      drag.current = null;
      cancelAnimationFrame(frame);
      setRect(null);
    };
    startScrolling.current = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(scrollLoop);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, [bodyRef]);

  function onPointerDown(event: ReactPointerEvent) {
    const target = event.target as HTMLElement;
    if (event.button !== 0 || target.closest('[data-asset-cell]')) return;
    const box = bodyRef.current?.getBoundingClientRect();
    if (!box) return;
    event.preventDefault();
    drag.current = {
      pointerId: event.pointerId,
      origin: { x: event.clientX - box.left, y: event.clientY - box.top },
      client: { x: event.clientX, y: event.clientY },
      additive: event.shiftKey || event.ctrlKey || event.metaKey,
      moved: false,
    };
    startScrolling.current();
  }

  return { rect, onPointerDown };
}
