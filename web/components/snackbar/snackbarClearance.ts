import { useEffect, useState } from 'react';
import { snackbarBottom } from './snackbarPlace';

/** Controls floating at the window's foot, which snackbars must never cover. */
const floating = new Set<HTMLElement>();
const listeners = new Set<() => void>();

function tell() {
  for (const listener of listeners) listener();
}

/**
 * A ref for a control that floats at the foot of the window (a selection bar, the viewer's zoom
 * controls): while it is on screen, snackbars rise above it. Stable, so it can be given to any
 * element as is.
 */
export function keepClearOfSnackbars(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  floating.add(element);
  tell();
  return () => {
    floating.delete(element);
    tell();
  };
}

/**
 * The snackbars' distance from the window's foot, measured again whenever a floating control
 * comes, goes, changes size or ends a transition (a selection bar pops in), and when the window
 * is resized or scrolled.
 */
export function useSnackbarBottom(): number {
  const [bottom, setBottom] = useState(() =>
    snackbarBottom([], { width: window.innerWidth, height: window.innerHeight }),
  );
  useEffect(() => {
    let frame = 0;
    const sizes = new ResizeObserver(schedule);
    let watched = new Set<HTMLElement>();
    function measure() {
      frame = 0;
      for (const element of floating) if (!watched.has(element)) sizes.observe(element);
      for (const element of watched) if (!floating.has(element)) sizes.unobserve(element);
      watched = new Set(floating);
      const boxes = [...floating].map((element) => element.getBoundingClientRect());
      setBottom(snackbarBottom(boxes, { width: window.innerWidth, height: window.innerHeight }));
    }
    function schedule() {
      frame ||= requestAnimationFrame(measure);
    }
    listeners.add(schedule);
    const passive = { capture: true, passive: true } as const;
    window.addEventListener('resize', schedule, passive);
    window.addEventListener('scroll', schedule, passive);
    document.addEventListener('transitionend', schedule, passive);
    document.addEventListener('animationend', schedule, passive);
    schedule();
    return () => {
      listeners.delete(schedule);
      window.removeEventListener('resize', schedule, passive);
      window.removeEventListener('scroll', schedule, passive);
      document.removeEventListener('transitionend', schedule, passive);
      document.removeEventListener('animationend', schedule, passive);
      sizes.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return bottom;
}
