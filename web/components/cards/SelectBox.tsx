import { Checkbox } from '@mantine/core';

/** An item's place in a selection of a list (projects, folders). */
export interface Selection {
  selected: boolean;
  /** Some item is selected: every checkbox shows. */
  active: boolean;
  toggle: () => void;
}

/** The checkbox that puts an item in the selection; a drag never starts from it. */
export function SelectBox({ name, selection }: { name: string; selection: Selection }) {
  return (
    <Checkbox
      size="sm"
      radius="sm"
      checked={selection.selected}
      onChange={selection.toggle}
      onPointerDown={(event) => event.stopPropagation()}
      aria-label={`Select ${name}`}
    />
  );
}
