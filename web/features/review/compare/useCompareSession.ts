import { useEffect, useReducer, useState } from 'react';
import type { AssetRound, AssetView } from '@common/api/assets';
import { BLINK_INTERVAL_MS, BLINK_START, blinkReducer, WIPE_START } from '@web/features/compare';
import type { CompareMode } from '@web/features/compare';
import { defaultPair, pickSide, type ComparePair } from './comparePair';
import { comparedPageCount } from './comparePages';

/** Low enough to show a retouch, high enough to ignore the noise of resampling a preview. */
export const DEFAULT_TOLERANCE = 24;

export type CompareSession = ReturnType<typeof useCompareSession>;

/**
 * Comparing two rounds of the asset: whether it is on, which rounds, the mode and each mode's
 * settings (kept when compare is left and entered again). Needs two rounds or more. `onPages`
 * hears the last page there is when that changes (rounds picked, compare left), so that the page
 * on screen stays one the rounds shown have.
 */
export function useCompareSession(
  asset: AssetView,
  rounds: readonly AssetRound[],
  shownRoundId: number,
  onPages?: (last: number) => void,
) {
  const [pair, setPair] = useState<ComparePair | null>(null);
  const [mode, setMode] = useState<CompareMode>('sideBySide');
  const [wipe, setWipe] = useState(WIPE_START);
  const [opacity, setOpacity] = useState(0.5);
  const [tolerance, setTolerance] = useState(DEFAULT_TOLERANCE);
  const [blink, blinkAction] = useReducer(blinkReducer, BLINK_START);
  const available = rounds.length >= 2;
  const active = pair !== null && available;

  const blinking = active && mode === 'blink' && blink.auto;
  useEffect(() => {
    if (!blinking) return;
    const timer = window.setInterval(() => blinkAction({ type: 'tick' }), BLINK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [blinking]);

  const enter = () =>
    setPair(
      defaultPair(
        rounds.map((round) => round.id),
        shownRoundId,
      ),
    );
  /** A round compared, by id: the asset's copy of the current round is the freshest. */
  const round = (id: number) =>
    id === asset.version_id ? asset.current_version : (rounds.find((round) => round.id === id) ?? null);
  const leave = () => {
    setPair(null);
    onPages?.(comparedPageCount(asset.kind, round(shownRoundId), null));
  };
  const pick = (side: 'a' | 'b', roundId: number) => {
    if (!pair) return;
    const next = pickSide(pair, side, roundId);
    setPair(next);
    onPages?.(comparedPageCount(asset.kind, round(next.a), round(next.b)));
  };
  return {
    available,
    active,
    pair: active ? pair : null,
    round,
    /** The pages compare moves through: the longer round's. */
    pages: active ? comparedPageCount(asset.kind, round(pair.a), round(pair.b)) : 1,
    mode,
    wipe,
    opacity,
    tolerance,
    blink,
    enter,
    leave,
    toggle: () => (active ? leave() : enter()),
    pick,
    swap: () => setPair((now) => (now ? { a: now.b, b: now.a } : now)),
    setMode,
    setWipe,
    setOpacity,
    setTolerance,
    /** B: into blink mode, or the other round when already there. */
    flip: () => {
      if (mode === 'blink') blinkAction({ type: 'flip' });
      else setMode('blink');
    },
    setAutoBlink: (on: boolean) => blinkAction({ type: 'auto', on }),
  };
}
