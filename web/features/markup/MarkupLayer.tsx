import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { shapeTypeOf, type Comment, type MarkupPoint } from '@common/api/comments';
import { pointIn, useViewController, useViewState } from '@web/features/viewer';
import { isTypingTarget } from './markupKeys';
import { DraftShapes, strokeStyle } from './DraftShapes';
import { finishShape, finishStroke, relativePoints } from './markupGeometry';
import { MarkerCanvas } from './MarkerCanvas';
import { markerAt, markerSpots } from './markerSpots';
import { MarkupMarkers, showComment } from './MarkupMarkers';
import { strokeWidthPx } from './markupSettings';
import type { MarkupStore } from './markupStore';
import { shapeAt } from './shapeAt';
import { shapeOutline, shapePaths } from './shapeGeometry';
import { commentAt, pictureStrokeWidth, storedMarkup } from './storedMarkup';
import { StoredMarkupCanvas } from './StoredMarkupCanvas';
import classes from './Markup.module.css';

/** Screen pixels around a line that still pick it. */
const PICK_SLACK = 6;

/** Whether the space bar is held (space + drag pans while a drawing tool is on). */
function useSpaceHeld(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.key !== ' ' || isTypingTarget(event.target)) return;
      if (event.target instanceof Element && event.target.closest('button, [role="dialog"]')) return;
      event.preventDefault();
      setHeld(true);
    };
    const up = (event: KeyboardEvent) => {
      if (event.key === ' ') setHeld(false);
    };
    const blur = () => setHeld(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, []);
  return held;
}

type Gesture =
  { kind: 'draw'; id: number; points: MarkupPoint[] } | { kind: 'pan'; id: number; x: number; y: number };

/**
 * The markup over the stage: the round's comments' lines (lit with their comment), their numbered
 * markers, and the draft being drawn. Lines are kept relative to the picture; the stored ones are
 * drawn on a canvas (hundreds of comments' lines would make every zoom frame of an SVG a repaint of
 * thousands of paths), the draft and the line being drawn in a small SVG group the view scales, so
 * drawing never repaints the stored lines. Pointing at a stored line lights its comment. With a
 * drawing tool a drag draws (mouse, pen or touch): the line follows the pointer, an arrow goes from
 * where the drag starts to where it ends, a rectangle or an ellipse fills the box the drag spans.
 * The wheel still zooms, and space + drag or the middle button pans. With the selection tool a
 * click picks a shape of the draft.
 */
export function MarkupLayer({
  store,
  comments,
  canDraw,
}: {
  store: MarkupStore;
  comments: readonly Comment[];
  canDraw: boolean;
}) {
  const controller = useViewController();
  const view = useViewState(controller);
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const spaceHeld = useSpaceHeld();
  const gesture = useRef<Gesture | null>(null);
  const livePath = useRef<SVGPathElement>(null);
  const liveHead = useRef<SVGPathElement>(null);
  const hover = useRef<{ frame: number; x: number; y: number; lit: number | null }>({
    frame: 0,
    x: 0,
    y: 0,
    lit: null,
  });

  const { image, transform } = view;
  const stored = useMemo(() => (image ? storedMarkup(comments, image) : null), [comments, image]);
  const spots = useMemo(() => (image ? markerSpots(comments, image) : []), [comments, image]);
  const [overMarker, setOverMarker] = useState(false);
  useEffect(() => {
    const state = hover.current;
    return () => cancelAnimationFrame(state.frame);
  }, []);
  if (!image || !stored) return null;
  const shown = { width: image.width * transform.scale, height: image.height * transform.scale };
  const unit = strokeWidthPx(1, Math.max(shown.width, shown.height));
  const group = `translate(${transform.x} ${transform.y}) scale(${transform.scale})`;
  const drawing = canDraw && !spaceHeld;
  const draft = state.history.present;
  const longSide = Math.max(image.width, image.height);
  const widthsOf = (size: number) => ({
    width: pictureStrokeWidth(size, longSide, transform.scale),
    unit: pictureStrokeWidth(1, longSide, transform.scale),
  });

  /** The shape being drawn, drawn again from the points the pointer gave (relative). */
  const showLive = (points: readonly MarkupPoint[]) => {
    const tool = state.tool === 'select' ? 'line' : state.tool;
    const inPixels = points.map((p) => ({ x: p.x * image.width, y: p.y * image.height }));
    const ends = tool === 'line' ? inPixels : [inPixels[0]!, inPixels.at(-1)!];
    const { stroke, fill } =
      points.length > 0 ? shapePaths(tool, ends, widthsOf(state.size)) : { stroke: '', fill: null };
    livePath.current?.setAttribute('d', stroke);
    liveHead.current?.setAttribute('d', fill ?? '');
  };

  const pointAt = (event: React.PointerEvent<SVGSVGElement>): MarkupPoint | null => {
    return controller.screenToRelative(pointIn(event.currentTarget, event));
  };

  const onPointerDown = (event: React.PointerEvent<SVGSVGElement>) => {
    if (event.button === 1) {
      event.preventDefault();
      event.stopPropagation();
      event.currentTarget.setPointerCapture(event.pointerId);
      gesture.current = { kind: 'pan', id: event.pointerId, x: event.clientX, y: event.clientY };
      return;
    }
    if (event.button !== 0) return;
    const marker = markerUnder(event);
    if (marker !== null) {
      event.stopPropagation();
      showComment(marker);
      return;
    }
    if (!drawing) return;
    if (state.tool === 'select') {
      const at = pointIn(event.currentTarget, event);
      const onScreen = draft.map((shape) => ({
        points: shapeOutline(shapeTypeOf(shape), relativePoints(shape, image)).map(
          (p) => controller.relativeToScreen(p) ?? p,
        ),
        width: strokeWidthPx(shape.stroke_size, Math.max(shown.width, shown.height)),
      }));
      const index = shapeAt(onScreen, at, PICK_SLACK);
      store.select(index >= 0 ? index : null);
      if (index >= 0) event.stopPropagation();
      return;
    }
    const point = pointAt(event);
    if (!point) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    leaveLines();
    gesture.current = { kind: 'draw', id: event.pointerId, points: [point] };
    showLive([point]);
  };

  const markerUnder = (event: React.PointerEvent<SVGSVGElement>) => {
    const at = pointIn(event.currentTarget, event);
    return markerAt(spots, controller.getState().transform, at, state.highlight);
  };

  /** The marker or stored line under the pointer lights its comment; looked up once a frame at most. */
  const pointAtLines = (event: React.PointerEvent<SVGSVGElement>) => {
    const state = hover.current;
    const at = pointIn(event.currentTarget, event);
    state.x = at.x;
    state.y = at.y;
    if (state.frame) return;
    state.frame = requestAnimationFrame(() => {
      state.frame = 0;
      const { image: picture, transform: now } = controller.getState();
      if (!picture) return;
      const marker = markerAt(spots, now, { x: state.x, y: state.y }, state.lit);
      setOverMarker(marker !== null);
      const at = controller.toImage({ x: state.x, y: state.y });
      const lit =
        marker ?? commentAt(stored, at, now.scale, Math.max(picture.width, picture.height), PICK_SLACK);
      if (lit === state.lit) return;
      state.lit = lit;
      store.setHighlight(lit);
    });
  };

  const leaveLines = () => {
    const state = hover.current;
    cancelAnimationFrame(state.frame);
    state.frame = 0;
    setOverMarker(false);
    if (state.lit === null) return;
    state.lit = null;
    store.setHighlight(null);
  };

  const onPointerMove = (event: React.PointerEvent<SVGSVGElement>) => {
    const current = gesture.current;
    if (!current) pointAtLines(event);
    if (!current || current.id !== event.pointerId) return;
    if (current.kind === 'pan') {
      controller.panBy(event.clientX - current.x, event.clientY - current.y);
      gesture.current = { ...current, x: event.clientX, y: event.clientY };
      return;
    }
    // A pen gives many more points than frames: take every one of them.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
    const box = event.currentTarget.getBoundingClientRect();
    for (const e of events.length > 0 ? events : [event.nativeEvent]) {
      const point = controller.screenToRelative({ x: e.clientX - box.left, y: e.clientY - box.top });
      if (point) current.points.push(point);
    }
    // A typed shape needs only where the drag started and where it is.
    if (state.tool !== 'line' && current.points.length > 2)
      current.points.splice(1, current.points.length - 2);
    showLive(current.points);
  };

  const onPointerEnd = (event: React.PointerEvent<SVGSVGElement>) => {
    const current = gesture.current;
    if (!current || current.id !== event.pointerId) return;
    gesture.current = null;
    showLive([]);
    if (current.kind !== 'draw' || event.type === 'pointercancel') return;
    const style = { color: state.color, size: state.size };
    const { tool } = state;
    const [start, end] = [current.points[0], current.points.at(-1)];
    const shape =
      tool === 'line' || tool === 'select'
        ? finishStroke(current.points, image, transform.scale, style)
        : start && end && finishShape(tool, start, end, image, transform.scale, style);
    if (shape) store.addShape(shape);
  };

  return (
    <div className={classes.layer} style={{ '--markup-unit': `${unit}px` } as CSSProperties}>
      <StoredMarkupCanvas markup={stored} highlight={state.highlight} />
      <svg
        className={classes.svg}
        data-testid="markup-layer"
        data-tool={drawing ? state.tool : 'pan'}
        data-highlighting={state.highlight !== null || undefined}
        data-over-marker={overMarker || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={leaveLines}
        onDoubleClick={(event) => {
          if (drawing) event.stopPropagation();
        }}
        onContextMenu={(event) => {
          if (gesture.current) event.preventDefault();
        }}
      >
        <g transform={group}>
          <DraftShapes shapes={draft} selected={state.selected} image={image} widthsOf={widthsOf} />
          <path
            ref={livePath}
            className={classes.line}
            stroke={state.color}
            vectorEffect="non-scaling-stroke"
            style={strokeStyle(state.size)}
            data-testid="markup-live"
          />
          <path ref={liveHead} className={classes.head} fill={state.color} />
        </g>
      </svg>
      <MarkerCanvas spots={spots} highlight={state.highlight} />
      <MarkupMarkers spots={spots} onHover={store.setHighlight} />
    </div>
  );
}
