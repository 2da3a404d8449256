import type { Point } from './viewMath';

/** Where a pointer is in an element: CSS pixels from its top left corner (the stage's own space). */
export function pointIn(element: Element, pointer: { clientX: number; clientY: number }): Point {
  const box = element.getBoundingClientRect();
  return { x: pointer.clientX - box.left, y: pointer.clientY - box.top };
}
