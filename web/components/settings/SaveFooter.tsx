import { Button } from '@mantine/core';

/** The footer of an editable settings card: Discard while something changed, and the save button. */
export function SaveFooter(props: {
  changed: boolean;
  canSave: boolean;
  pending: boolean;
  onDiscard: () => void;
  label: string;
}) {
  return (
    <>
      {props.changed && (
        <Button variant="default" onClick={props.onDiscard} disabled={props.pending}>
          Discard
        </Button>
      )}
      <Button type="submit" disabled={!props.canSave} loading={props.pending}>
        {props.label}
      </Button>
    </>
  );
}
