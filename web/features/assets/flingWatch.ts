import { createContext, useContext, useState, useSyncExternalStore } from 'react';

/** Faster than this (px/s) nobody looks at a thumbnail: a screen of tiles passes in under 0.3 s. */
const FLING_SPEED = 3000;
/** The fling is over once the scroll has been slower than that for this long. */
const SETTLE_MS = 150;

/**
 * Watches a scroll's speed, so that tiles flung past the screen show only their placeholder, and
 * fetch and decode their thumbnail once the scroll slows (as photo libraries do). One fast step is
 * a jump (a key, a scroll to a tile), not a fling: it takes two in a row.
 */
export class FlingWatch {
  private flinging = false;
  private listeners = new Set<() => void>();
  private last: { offset: number; at: number } | null = null;
  private fastSteps = 0;
  private settle: ReturnType<typeof setTimeout> | undefined;

  observe(offset: number, at = performance.now()): void {
    const last = this.last;
    this.last = { offset, at };
    if (!last || at <= last.at) return;
    const speed = (Math.abs(offset - last.offset) * 1000) / (at - last.at);
    this.fastSteps = speed > FLING_SPEED ? this.fastSteps + 1 : 0;
    if (this.fastSteps < 2) return;
    this.set(true);
    clearTimeout(this.settle);
    this.settle = setTimeout(() => this.set(false), SETTLE_MS);
  }

  isFlinging = (): boolean => this.flinging;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispose(): void {
    clearTimeout(this.settle);
  }

  private set(flinging: boolean): void {
    if (this.flinging === flinging) return;
    this.flinging = flinging;
    for (const listener of this.listeners) listener();
  }
}

export const FlingWatchContext = createContext<FlingWatch | null>(null);

/**
 * Whether a picture should wait for the fling to end before it loads. Once it has begun loading it
 * never waits again.
 */
export function useHeldByFling(): boolean {
  const watch = useContext(FlingWatchContext);
  const flinging = useSyncExternalStore(
    watch?.subscribe ?? noSubscription,
    () => watch?.isFlinging() ?? false,
  );
  const [released, setReleased] = useState(!flinging);
  if (!flinging && !released) setReleased(true);
  return !released;
}

const noSubscription = () => () => {};
