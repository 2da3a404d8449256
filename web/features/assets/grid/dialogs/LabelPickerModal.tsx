import { Button, Group, Kbd, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconTagOff } from '@tabler/icons-react';
import type { Label } from '@common/api/projects';
import { plural } from '@common/text';
import { LabelChip } from '@web/features/labels';
import { ProjectModal } from '@web/components/modal/ProjectModal';
import classes from './dialogs.module.css';

/**
 * 'Label': the project's labels in their order, the first nine with the digit that sets them
 * from the grid, and 'No label'. A choice applies at once.
 */
export function LabelPickerModal({
  labels,
  ids,
  onPick,
  onClose,
}: {
  labels: readonly Label[];
  ids: number[] | null;
  onPick: (ids: number[], label: Label | null) => void;
  onClose: () => void;
}) {
  const pick = (label: Label | null) => {
    if (!ids) return;
    onClose();
    onPick(ids, label);
  };
  return (
    <ProjectModal title="Label" opened={ids !== null} onClose={onClose} size={400}>
      <Stack gap="md" data-testid="label-picker">
        <Text size="sm" c="dimmed">
          {ids && ids.length > 1 ? `For ${plural(ids.length, 'asset')}` : 'For this asset'}
        </Text>
        {labels.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            This project has no labels yet. Add them in the project settings.
          </Text>
        )}
        <Stack gap={4}>
          {labels.map((label, index) => (
            <UnstyledButton key={label.id} className={classes.labelOption} onClick={() => pick(label)}>
              <Group justify="space-between" wrap="nowrap">
                <LabelChip label={label} size="md" />
                {index < 9 && <Kbd size="xs">{index + 1}</Kbd>}
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconTagOff size={16} />}
            onClick={() => pick(null)}
          >
            No label{' '}
            <Kbd size="xs" ml={8}>
              0
            </Kbd>
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </ProjectModal>
  );
}
