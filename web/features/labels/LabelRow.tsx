import { useState, type ReactNode } from 'react';
import { ActionIcon, Group, Popover, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPalette, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Label } from '@common/api/projects';
import { useEditLabel, type LabelOwner } from '@web/features/labels/api/labels';
import { LabelChip } from '@web/features/labels/LabelChip';
import { snackbar } from '@web/components/snackbar/snackbar';
import { ColorSwatches } from './ColorSwatches';
import { LABEL_NAME_MAX, labelNameProblem, nameErrorOf } from './labelTexts';
import classes from './LabelRow.module.css';

function RowAction({
  label,
  onClick,
  children,
  color,
  expanded,
}: {
  label: string;
  onClick?: () => void;
  children: ReactNode;
  color?: string;
  /** For a button that opens a popover: whether it is open. */
  expanded?: boolean;
}) {
  const popover =
    expanded === undefined ? {} : { 'aria-haspopup': 'dialog' as const, 'aria-expanded': expanded };
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon
        variant="subtle"
        color={color ?? 'gray'}
        size={30}
        aria-label={label}
        onClick={onClick}
        {...popover}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The name in a field: Enter (or the tick) saves, Escape (or the cross) gives up. */
function RenameField({ owner, label, onDone }: { owner: LabelOwner; label: Label; onDone: () => void }) {
  const edit = useEditLabel(owner);
  const [name, setName] = useState(label.name);
  const [error, setError] = useState<string | null>(null);

  function save() {
    const problem = labelNameProblem(name);
    if (problem) return setError(problem);
    if (name.trim() === label.name) return onDone();
    edit.mutate(
      { id: label.id, name: name.trim() },
      {
        onSuccess: () => {
          snackbar.success({ title: PROJECT_TEXTS.labelRenamed });
          onDone();
        },
        onError: (failure) => {
          const fieldError = nameErrorOf(failure);
          if (fieldError) setError(fieldError);
          else snackbar.error({ title: PROJECT_TEXTS.generic });
        },
      },
    );
  }

  return (
    <Group gap={4} align="flex-start" wrap="nowrap" style={{ flex: 1 }}>
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        aria-label={`New name for ${label.name}`}
        value={name}
        maxLength={LABEL_NAME_MAX}
        error={error}
        data-autofocus
        autoFocus
        disabled={edit.isPending}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          }
          if (event.key === 'Escape') {
            // The label's field, not the dialog around it, takes this Escape.
            event.stopPropagation();
            onDone();
          }
        }}
      />
      <RowAction label="Save name" color="brand" onClick={save}>
        <IconCheck size={16} />
      </RowAction>
      <RowAction label="Cancel renaming" onClick={onDone}>
        <IconX size={16} />
      </RowAction>
    </Group>
  );
}

function ColorPicker({ owner, label }: { owner: LabelOwner; label: Label }) {
  const edit = useEditLabel(owner);
  const [opened, setOpened] = useState(false);

  function recolor(base: string) {
    setOpened(false);
    if (base === label.base_color) return;
    edit.mutate(
      { id: label.id, base_color: base },
      {
        onSuccess: () => snackbar.success({ title: PROJECT_TEXTS.labelRenamed }),
        onError: () => snackbar.error({ title: PROJECT_TEXTS.generic }),
      },
    );
  }

  return (
    // The popover's roles go on the button inside the target's wrapper (a div may not carry them).
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      radius="md"
      withRoles={false}
    >
      <Popover.Target>
        <div>
          <RowAction label={`Colour of ${label.name}`} onClick={() => setOpened((o) => !o)} expanded={opened}>
            <IconPalette size={16} />
          </RowAction>
        </div>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={`Colour of ${label.name}`}>
        <Text size="xs" fw={600} c="dimmed" mb={8}>
          Colour
        </Text>
        <ColorSwatches
          label={`Colour of ${label.name}`}
          value={label.base_color}
          disabled={edit.isPending}
          onChange={recolor}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

/** One label: its chip, and for whoever may change it, colour, rename and delete. */
export function LabelRow({
  owner,
  label,
  editable,
  handle,
  onDelete,
}: {
  owner: LabelOwner;
  label: Label;
  editable: boolean;
  /** The drag handle, when the list can be reordered. */
  handle?: ReactNode;
  onDelete: (label: Label) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  return (
    <div className={classes.row} data-testid="label-row" data-label={label.name}>
      {handle}
      {renaming ? (
        <RenameField owner={owner} label={label} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <div className={classes.chip}>
            <LabelChip label={label} size="md" />
          </div>
          {editable && (
            <Group gap={2} wrap="nowrap" className={classes.actions}>
              <ColorPicker owner={owner} label={label} />
              <RowAction label={`Rename ${label.name}`} onClick={() => setRenaming(true)}>
                <IconPencil size={16} />
              </RowAction>
              <RowAction label={`Delete ${label.name}`} color="red" onClick={() => onDelete(label)}>
                <IconTrash size={16} />
              </RowAction>
            </Group>
          )}
        </>
      )}
    </div>
  );
}
