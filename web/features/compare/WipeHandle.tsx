import { useRef } from 'react';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { wipeAfterKey, wipeAtPointer } from './wipeGeometry';
import classes from './compare.module.css';

/**
 * The wipe's divider: dragged anywhere along its height, or moved with the arrow keys (Shift for
 * larger steps, Home and End to the edges) once focused. It is a control of the stage: pans and
 * zooms do not start on it.
 */
export function WipeHandle({
  share,
  onChange,
  label,
}: {
  share: number;
  onChange: (share: number) => void;
  label: string;
}) {
  const dragging = useRef<number | null>(null);
  const percent = Math.round(share * 100);
  const move = (element: HTMLElement, clientX: number) => {
    const stage = element.parentElement?.getBoundingClientRect();
    if (stage) onChange(wipeAtPointer(clientX, stage.left, stage.width));
  };
  return (
    <div
      className={classes.wipeHandle}
      style={{ left: `${share * 100}%` }}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent} %`}
      aria-orientation="horizontal"
      data-viewer-control
      data-testid="wipe-handle"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.focus();
        dragging.current = event.pointerId;
        event.currentTarget.setPointerCapture(event.pointerId);
        event.currentTarget.dataset.dragging = 'true';
      }}
      onPointerMove={(event) => {
        if (dragging.current === event.pointerId) move(event.currentTarget, event.clientX);
      }}
      onPointerUp={(event) => {
        dragging.current = null;
        delete event.currentTarget.dataset.dragging;
      }}
      onPointerCancel={(event) => {
        dragging.current = null;
        delete event.currentTarget.dataset.dragging;
      }}
      onDoubleClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        const next = wipeAfterKey(share, event.key, event.shiftKey);
        if (next === null) return;
        event.preventDefault();
        onChange(next);
      }}
    >
      <span className={classes.wipeGrip} aria-hidden>
        <IconArrowsHorizontal size={18} stroke={2.2} />
      </span>
    </div>
  );
}
