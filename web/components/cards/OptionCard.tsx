import { use, type ReactNode } from 'react';
import { Group, Radio, RadioGroupContext } from '@mantine/core';
import classes from './OptionCard.module.css';

/**
 * One choice of a dialog's radio list, drawn as a card: the radio, then what it chooses. Inside a
 * Radio.Group it is a radio of a radiogroup: Tab reaches the chosen one only, the arrow keys move
 * the choice (Mantine's Radio.Card).
 */
export function OptionCard({
  value,
  label,
  disabled,
  alignTop = false,
  children,
}: {
  value: string;
  /** The accessible name, when the card's text is more than the choice's name. */
  label?: string;
  disabled?: boolean;
  /** For choices of two lines: the radio stands by the first. */
  alignTop?: boolean;
  children: ReactNode;
}) {
  const group = use(RadioGroupContext);
  const tabStop = !group?.value || group.value === value;
  return (
    <Radio.Card
      value={value}
      disabled={disabled}
      className={classes.option}
      radius="md"
      aria-label={label}
      tabIndex={tabStop ? 0 : -1}
    >
      <Group gap="sm" wrap="nowrap" align={alignTop ? 'flex-start' : undefined}>
        <Radio.Indicator disabled={disabled} mt={alignTop ? 2 : undefined} />
        {children}
      </Group>
    </Radio.Card>
  );
}
