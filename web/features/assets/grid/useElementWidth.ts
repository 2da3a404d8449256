import { useCallback, useState } from 'react';

/** The width of an element's content box (what its children are laid out in). */
function contentWidth(element: HTMLElement): number {
  const style = getComputedStyle(element);
  const sides = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
  return sides.reduce(
    (width, side) => width - (parseFloat(style[side]) || 0),
    element.getBoundingClientRect().width,
  );
}

/**
 * The content width of the element given to `ref`, known before its first paint (measured as the
 * element is attached, in the commit) and kept true as it resizes. Mantine's useElementSize
 * reports a frame later (its observer waits for an animation frame): the grid drew one column of
 * giant tiles first, then its real columns, a jump that could move a tile from under a click
 * already aimed at it.
 */
export function useElementWidth<T extends HTMLElement>(): {
  ref: (element: T | null) => (() => void) | undefined;
  width: number;
} {
  const [width, setWidth] = useState(0);
  // React 19 runs the returned cleanup when the element goes, instead of calling with null.
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    setWidth(contentWidth(element));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
