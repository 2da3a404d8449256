import type { CSSProperties } from 'react';
import { isLightColor } from '@mantine/core';
import type { Label } from '@common/api/projects';
import classes from './LabelChip.module.css';

/** Black or white, whichever reads better on a label's colour (the colours are the user's choice). */
const textOn = (background: string) => (isLightColor(background) ? 'var(--mantine-color-black)' : '#fff');

/** A label as a small pill in its base colour, darker on hover (§3 Label: base and hover colours). */
export function LabelChip({
  label,
  size = 'sm',
}: {
  label: Pick<Label, 'name' | 'base_color' | 'hover_color'>;
  size?: 'xs' | 'sm' | 'md';
}) {
  const style = {
    '--label-base': label.base_color,
    '--label-hover': label.hover_color,
    '--label-text': textOn(label.base_color),
    '--label-hover-text': textOn(label.hover_color),
  } as CSSProperties;
  return (
    <span className={classes.chip} data-size={size} style={style} title={label.name} data-testid="label-chip">
      {label.name}
    </span>
  );
}
