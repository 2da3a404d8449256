import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PROJECT_TEXTS } from '@common/api/projects';
import { hoverColorOf, nextLabelColor } from '@common/labelColors';
import { useCreateLabel, type LabelOwner } from '@web/features/labels/api/labels';
import { LabelChip } from '@web/features/labels/LabelChip';
import { snackbar } from '@web/components/snackbar/snackbar';
import { ColorSwatches } from './ColorSwatches';
import { LABEL_NAME_MAX, labelNameProblem, nameErrorOf } from './labelTexts';

/**
 * Name and colour of a new label. The colour starts on the one the server would pick (the
 * palette in turn), so what the swatches show is what the label gets.
 */
export function NewLabelForm({ owner, count }: { owner: LabelOwner; count: number }) {
  const create = useCreateLabel(owner);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const color = picked ?? nextLabelColor(count);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = labelNameProblem(name);
    if (problem) return setError(problem);
    create.mutate(
      { name: name.trim(), base_color: color },
      {
        onSuccess: () => {
          setName('');
          setPicked(null);
          snackbar.success({ title: PROJECT_TEXTS.labelCreated });
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
    <form onSubmit={submit} data-testid="new-label-form">
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label="New label"
            placeholder="e.g. Final delivery"
            value={name}
            maxLength={LABEL_NAME_MAX}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
          />
          <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending}>
            Create Label
          </Button>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Text size="sm" fw={500}>
            Colour
          </Text>
          <ColorSwatches label="New label colour" value={color} onChange={setPicked} />
          {name.trim() && (
            <LabelChip
              size="md"
              label={{ name: name.trim(), base_color: color, hover_color: hoverColorOf(color) }}
            />
          )}
        </Group>
      </Stack>
    </form>
  );
}
