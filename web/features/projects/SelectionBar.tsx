import { ActionBar, Button, Text } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconDoorExit,
  IconEye,
  IconEyeOff,
  IconTrash,
} from '@tabler/icons-react';
import type { Project } from '@common/api/projects';
import { keepClearOfSnackbars } from '@web/components/snackbar/snackbarClearance';
import { useProjectActions } from './actions/projectActionsContext';
import { projectActions, type ProjectActionKind } from './actions/projectActions';

const BULK: { kind: ProjectActionKind; label: string; icon: React.ReactNode; danger?: boolean }[] = [
  { kind: 'archive', label: 'Archive', icon: <IconArchive size={16} /> },
  { kind: 'unarchive', label: 'Restore', icon: <IconArchiveOff size={16} /> },
  { kind: 'hide', label: 'Hide', icon: <IconEyeOff size={16} /> },
  { kind: 'unhide', label: 'Unhide', icon: <IconEye size={16} /> },
  { kind: 'leave', label: 'Leave', icon: <IconDoorExit size={16} />, danger: true },
  { kind: 'delete', label: 'Delete', icon: <IconTrash size={16} />, danger: true },
];

/** The actions every selected project allows (an action shows only when it works for all of them). */
export function sharedActions(projects: readonly Project[]): ProjectActionKind[] {
  if (projects.length === 0) return [];
  const [first, ...rest] = projects.map(projectActions);
  return first!.filter((kind) => rest.every((list) => list.includes(kind)));
}

/** Archive, restore, hide, leave or delete several projects at once. */
export function SelectionBar({ selected, onClear }: { selected: Project[]; onClear: () => void }) {
  const { run } = useProjectActions();
  const allowed = sharedActions(selected);
  const shown = BULK.filter((b) => allowed.includes(b.kind));
  return (
    <ActionBar
      opened={selected.length > 0}
      onClose={onClear}
      closeOnEscape
      zIndex={150}
      data-testid="selection-bar"
      ref={keepClearOfSnackbars}
    >
      <Text size="sm" fw={600} px="xs">
        {selected.length === 1 ? '1 project selected' : `${selected.length} projects selected`}
      </Text>
      <ActionBar.Divider />
      {shown.length === 0 && (
        <Text size="sm" c="dimmed" px="xs">
          No action applies to all of them
        </Text>
      )}
      {shown.map((b) => (
        <Button
          key={b.kind}
          size="xs"
          variant="subtle"
          color={b.danger ? 'red' : 'gray'}
          leftSection={b.icon}
          onClick={() => run(b.kind, selected, onClear)}
        >
          {b.label}
        </Button>
      ))}
      <ActionBar.Divider />
      <ActionBar.CloseButton aria-label="Clear selection" />
    </ActionBar>
  );
}
