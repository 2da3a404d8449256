/** The wipe divider's place: a share of the stage's width, round A to its left, round B to its right. */
export const WIPE_START = 0.5;
/** Arrow keys move the divider by this share; with Shift, by the larger one. */
export const WIPE_STEP = 0.02;
export const WIPE_BIG_STEP = 0.1;

export const clampWipe = (share: number): number => Math.min(1, Math.max(0, share));

/** The divider under a pointer at `clientX` over a stage from `left`, `width` wide. */
export function wipeAtPointer(clientX: number, left: number, width: number): number {
  return width > 0 ? clampWipe((clientX - left) / width) : WIPE_START;
}

/** Where a key moves the divider to, or null when the key is not the divider's. */
export function wipeAfterKey(share: number, key: string, shift: boolean): number | null {
  const step = shift ? WIPE_BIG_STEP : WIPE_STEP;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampWipe(share - step);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampWipe(share + step);
    case 'PageDown':
      return clampWipe(share - WIPE_BIG_STEP);
    case 'PageUp':
      return clampWipe(share + WIPE_BIG_STEP);
    case 'Home':
      return 0;
    case 'End':
      return 1;
    default:
      return null;
  }
}

/** The CSS clip that shows round A only left of the divider (where round B is smaller, not through it). */
export function wipeClipLeft(share: number): string {
  return `inset(0 ${((1 - clampWipe(share)) * 100).toFixed(3)}% 0 0)`;
}

/** The CSS clip that shows round B only right of the divider. */
export function wipeClip(share: number): string {
  return `inset(0 0 0 ${(clampWipe(share) * 100).toFixed(3)}%)`;
}
