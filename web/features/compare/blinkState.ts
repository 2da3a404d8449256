/** Blink: one round on screen at a time, flipped by a key or by a timer. */
export interface BlinkState {
  shown: 'a' | 'b';
  auto: boolean;
}

export type BlinkAction = { type: 'flip' } | { type: 'tick' } | { type: 'auto'; on: boolean };

export const BLINK_START: BlinkState = { shown: 'a', auto: false };
/** How long each round stays on screen while blinking on its own. */
export const BLINK_INTERVAL_MS = 600;

/**
 * A flip by hand stops the automatic blink (the reviewer has taken over: the round they flipped to
 * stays); a tick flips only while the automatic blink is on.
 */
export function blinkReducer(state: BlinkState, action: BlinkAction): BlinkState {
  const other = state.shown === 'a' ? 'b' : 'a';
  switch (action.type) {
    case 'flip':
      return { shown: other, auto: false };
    case 'tick':
      return state.auto ? { ...state, shown: other } : state;
    case 'auto':
      return action.on === state.auto ? state : { ...state, auto: action.on };
  }
}
