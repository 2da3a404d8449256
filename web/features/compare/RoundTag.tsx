import classes from './compare.module.css';

/** Round A's and round B's colours, the same in every mode's tags. */
export const SIDE_COLOURS = { a: 'var(--mantine-color-blue-4)', b: 'var(--mantine-color-orange-4)' } as const;

/** 'Round N' on the picture, marked as side A or B. */
export function RoundTag({ side, label, extra }: { side: 'a' | 'b'; label: string; extra?: string }) {
  return (
    <span className={classes.tag} data-testid={`compare-tag-${side}`}>
      <span className={classes.tagDot} style={{ background: SIDE_COLOURS[side] }} aria-hidden />
      {label}
      {extra && <span className={classes.tagSide}>{extra}</span>}
    </span>
  );
}
