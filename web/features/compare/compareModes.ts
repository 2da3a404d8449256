/** The ways two rounds are compared, in the order of the toolbar and of keys 1–5. */
export const COMPARE_MODES = ['sideBySide', 'wipe', 'onion', 'blink', 'difference'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/**
 * Whether a mode draws each round's comments' markup over that round's picture. It is part of the
 * round's layer, so it goes where the picture goes: its own pane side by side, its own side of the
 * wipe, faded with round B in the onion skin, shown with the round that blink shows. The
 * difference draws none: its picture is neither round but the pixels that changed between them,
 * which a round's drawings would cover (and whose rounds would they be?).
 */
export function drawsMarkup(mode: CompareMode): boolean {
  return mode !== 'difference';
}

export const COMPARE_TEXTS = {
  modes: {
    sideBySide: 'Side by side',
    wipe: 'Wipe',
    onion: 'Onion skin',
    blink: 'Blink',
    difference: 'Difference',
  } satisfies Record<CompareMode, string>,
  modesLabel: 'Compare mode',
  sideBySideHint: 'Zoom and pan move both sides together.',
  wipeHint: 'Drag the divider, or focus it and use ← →.',
  wipeLabel: 'Wipe divider: left shows the first round, right the second',
  opacity: (round: string) => `${round} opacity`,
  opacityLabel: 'Onion skin opacity',
  showing: (round: string) => `Showing ${round}`,
  flip: 'Flip',
  autoBlink: 'Auto-blink',
  tolerance: 'Tolerance',
  toleranceLabel: 'Difference tolerance (0–255)',
  changed: (share: string, count: string) => `${share} changed · ${count} px`,
  changedOf: (width: number) =>
    `Fitted, the share is of the whole round, from its ${width} px previews. Zoomed in past the preview, the count is of the pixels changed in the full-resolution tiles on screen, where a change of a few pixels shows.`,
  detailPreview: 'Preview',
  detailTiles: (factor: number) => (factor === 1 ? 'Full resolution' : `Tiles 1:${factor}`),
  detailComparing: 'comparing…',
  changedHere: (count: string) => `${count} px changed here`,
  computing: 'Comparing the pixels…',
  differenceFailed: 'The two previews could not be compared.',
  differenceOf: (a: string, b: string) => `${a} → ${b}`,
} as const;
