import { alignedFrame, type Rect, type Size } from './alignRounds';

/**
 * Where round B is drawn on the base canvas for the difference: the aligned frame on whole
 * pixels, so no half-covered pixel along its edge counts as a change.
 */
export function pixelFrame(base: Size, other: Size): Rect {
  const frame = alignedFrame(base, other);
  const x = Math.round(frame.x);
  const y = Math.round(frame.y);
  return {
    x,
    y,
    width: Math.min(base.width - x, Math.round(frame.width)),
    height: Math.min(base.height - y, Math.round(frame.height)),
  };
}

/** The share of compared pixels that changed, as the toolbar shows it ('0.42 %', '< 0.01 %'). */
export function changedShare(changed: number, compared: number): string {
  if (compared <= 0 || changed <= 0) return '0 %';
  const percent = (changed / compared) * 100;
  if (percent < 0.01) return '< 0.01 %';
  return `${percent < 10 ? percent.toFixed(2) : percent.toFixed(1)} %`;
}
