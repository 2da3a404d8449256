/** The two rounds compared: `a` on the left (the earlier one by default), `b` on the right. */
export interface ComparePair {
  a: number;
  b: number;
}

/**
 * Previous against current: the round on screen against the one before it (the first two when
 * the first round is on screen). `roundIds` run first round first. Null with fewer than two.
 */
export function defaultPair(roundIds: readonly number[], shownId: number): ComparePair | null {
  if (roundIds.length < 2) return null;
  const at = roundIds.indexOf(shownId);
  const b = at === -1 ? roundIds.length - 1 : Math.max(1, at);
  return { a: roundIds[b - 1]!, b: roundIds[b]! };
}

/** Picks a round for one side; picking the round the other side shows swaps the two. */
export function pickSide(pair: ComparePair, side: 'a' | 'b', roundId: number): ComparePair {
  const other = side === 'a' ? 'b' : 'a';
  if (pair[other] === roundId) return { a: pair.b, b: pair.a };
  return { ...pair, [side]: roundId };
}
