import type { CSSProperties } from 'react';
import { IconCheck } from '@tabler/icons-react';
import { LABEL_COLORS } from '@common/labelColors';
import { colorName } from './labelTexts';
import classes from './ColorSwatches.module.css';

/** The label palette as round swatches (one choice, like radios); each darkens to its hover colour. */
export function ColorSwatches({
  value,
  onChange,
  disabled = false,
  label = 'Colour',
}: {
  value: string;
  onChange: (base: string) => void;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className={classes.swatches}>
      {LABEL_COLORS.map((color) => {
        const checked = color.base.toLowerCase() === value.toLowerCase();
        const style = { '--swatch-base': color.base, '--swatch-hover': color.hover } as CSSProperties;
        return (
          <button
            key={color.base}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={colorName(color.base)}
            title={colorName(color.base)}
            className={classes.swatch}
            style={style}
            disabled={disabled}
            onClick={() => onChange(color.base)}
          >
            {checked && <IconCheck size={14} stroke={3} />}
          </button>
        );
      })}
    </div>
  );
}
