import { useEffect, useRef, type ReactNode } from 'react';
import { pointIn } from './pointIn';
import type { ViewController } from './viewController';
import { ViewerContext } from './viewerContext';
import { wheelFactor } from './viewMath';
import classes from './viewer.module.css';

/** A drag shorter than this is a click, not a pan. */
const DRAG_SLOP = 3;

/** Controls on the stage (zoom, pages) keep their clicks: no pan or zoom starts on them. */
const onControl = (target: EventTarget) =>
  target instanceof Element && target.closest('button, a, input, [data-viewer-control]') !== null;

/**
 * The dark stage a picture is looked at on: it tells the controller its size, zooms with the
 * wheel around the cursor (and with a trackpad's pinch), pans by dragging, and double-click
 * toggles between fit and 100 % at the cursor. Its children are the layers, drawn by the
 * controller's view; they reach it with `useViewController`. A layer that takes the pointer
 * itself (a drawing tool) stops its pointerdown from bubbling, and the stage does not pan.
 */
export function ZoomStage({
  controller,
  children,
  label,
  testId,
}: {
  controller: ViewController;
  children: ReactNode;
  label: string;
  testId?: string;
}) {
  const stage = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => controller.setStage({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);

    const at = (event: { clientX: number; clientY: number }) => pointIn(element, event);
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const scale = controller.getState().transform.scale;
      controller.zoomTo(scale * wheelFactor(event.deltaY, event.deltaMode, event.ctrlKey), at(event));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      element.removeEventListener('wheel', onWheel);
    };
  }, [controller]);

  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null);

  return (
    <ViewerContext.Provider value={controller}>
      <div
        ref={stage}
        className={classes.stage}
        data-testid={testId}
        role="region"
        aria-label={label}
        onPointerDown={(event) => {
          // The main button, or the middle one (which pans under a drawing tool too).
          if ((event.button !== 0 && event.button !== 1) || onControl(event.target)) return;
          if (event.button === 1) event.preventDefault();
          drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          const current = drag.current;
          if (!current || current.id !== event.pointerId) return;
          const dx = event.clientX - current.x;
          const dy = event.clientY - current.y;
          if (!current.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
          current.moved = true;
          event.currentTarget.dataset.panning = 'true';
          controller.panBy(dx, dy);
          drag.current = { ...current, x: event.clientX, y: event.clientY };
        }}
        onPointerUp={(event) => {
          drag.current = null;
          delete event.currentTarget.dataset.panning;
        }}
        onPointerCancel={(event) => {
          drag.current = null;
          delete event.currentTarget.dataset.panning;
        }}
        onDoubleClick={(event) => {
          if (onControl(event.target)) return;
          const { mode, transform } = controller.getState();
          if (mode === 'free' && transform.scale >= 1) controller.fit();
          else controller.zoomTo(1, pointIn(event.currentTarget, event));
        }}
      >
        {children}
      </div>
    </ViewerContext.Provider>
  );
}
