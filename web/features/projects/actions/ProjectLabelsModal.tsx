import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import { sortLabels } from '@common/labelColors';
import { canManageWorkspaceLabels } from '@common/workspaceRoles';
import {
  useCreateLabel,
  useWorkspaceLabels,
  workspaceLabelOwner,
  labelNameProblem,
  nameErrorOf,
  LabelChip,
} from '@web/features/labels';
import { useProjectLabel } from '@web/features/projects/api/projects';
import { useMyWorkspaces } from '@web/features/workspaces';
import { LoadError } from '@web/components/page/LoadError';
import { snackbar } from '@web/components/snackbar/snackbar';
import { ActionModal } from '@web/features/projects/ActionModal';
import { showActionError } from './actionErrors';
import { messageName } from './projectActionTexts';
import classes from '@web/features/projects/actionModals.module.css';

/**
 * 'Set Labels': the workspace's labels as a checklist (ticking attaches, unticking removes), and
 * for the workspace's owner and members a field that creates a label and attaches it.
 */
export function ProjectLabelsModal({
  project,
  opened,
  onClose,
}: {
  project: Project;
  opened: boolean;
  onClose: () => void;
}) {
  const labels = useWorkspaceLabels(opened ? project.workspace_id : undefined);
  const workspaces = useMyWorkspaces();
  const workspace = workspaces.data?.find((w) => w.id === project.workspace_id);
  const mayCreate = workspace !== undefined && canManageWorkspaceLabels(workspace.current_user_role.name);
  const toggle = useProjectLabel();
  const create = useCreateLabel(workspaceLabelOwner(project.workspace_id));
  const [attached, setAttached] = useState(() => new Set(project.labels.map((l) => l.id)));
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  function setLabel(labelId: number, attach: boolean) {
    setAttached((current) => {
      const next = new Set(current);
      if (attach) next.add(labelId);
      else next.delete(labelId);
      return next;
    });
    toggle.mutate(
      { projectIds: [project.id], labelId, attach },
      {
        onError: (error) => {
          setAttached((current) => {
            const next = new Set(current);
            if (attach) next.delete(labelId);
            else next.add(labelId);
            return next;
          });
          showActionError(error);
        },
      },
    );
  }

  function submitLabel(event: FormEvent) {
    event.preventDefault();
    const problem = labelNameProblem(name);
    if (problem) return setNameError(problem);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (label) => {
          setName('');
          snackbar.success({ title: PROJECT_TEXTS.labelCreated });
          setLabel(label.id, true);
        },
        onError: (error) => {
          const fieldError = nameErrorOf(error);
          if (fieldError) setNameError(fieldError);
          else showActionError(error);
        },
      },
    );
  }

  const list = sortLabels(labels.data ?? []);

  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      icon={<IconTags size={22} color="var(--mantine-color-brand-6)" />}
      title="Labels"
      size="sm"
    >
      <Stack gap="md" data-testid="project-labels-modal">
        <Text size="sm" c="dimmed">
          Labels of{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {messageName(project.name)}
          </Text>
          . Filter the project list by them.
        </Text>
        {labels.isPending && <Skeleton height={96} radius="md" />}
        {labels.isError && <LoadError onRetry={() => void labels.refetch()} />}
        {labels.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md" px="md" className={classes.emptyBox}>
            {mayCreate
              ? 'This workspace has no labels yet. Create the first one below.'
              : 'This workspace has no labels yet. Its owner and members can create them.'}
          </Text>
        )}
        {list.length > 0 && (
          <div className={classes.scrollList}>
            <Stack gap={2}>
              {list.map((label) => (
                <label key={label.id} className={classes.labelRow}>
                  <Checkbox
                    checked={attached.has(label.id)}
                    onChange={(event) => setLabel(label.id, event.currentTarget.checked)}
                    aria-label={label.name}
                  />
                  <LabelChip label={label} />
                </label>
              ))}
            </Stack>
          </div>
        )}
        {mayCreate && (
          <form onSubmit={submitLabel}>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                size="sm"
                style={{ flex: 1 }}
                placeholder="New label"
                aria-label="New label"
                value={name}
                maxLength={50}
                error={nameError}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameError(null);
                }}
              />
              <Button
                type="submit"
                variant="light"
                leftSection={<IconPlus size={16} />}
                loading={create.isPending}
              >
                Create
              </Button>
            </Group>
          </form>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </ActionModal>
  );
}
