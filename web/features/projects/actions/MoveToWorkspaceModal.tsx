import { useState } from 'react';
import { Radio, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { isApiError } from '@web/api/client';
import { useTransferToWorkspace } from '@web/features/projects/api/projects';
import { useSignedInUser } from '@web/features/account';
import { useMyWorkspaces, WorkspaceLogo } from '@web/features/workspaces';
import { workspaceChoice } from '@web/features/projects/workspaceChoice';
import { snackbar } from '@web/components/snackbar/snackbar';
import { ActionModal } from '@web/features/projects/ActionModal';
import { OptionCard } from '@web/components/cards/OptionCard';
import { DialogAlert, DialogButtons, Emphasis, SuspendedTag } from '@web/features/projects/DialogParts';
import { showActionError } from './actionErrors';
import { messageName } from './projectActionTexts';
import classes from '@web/features/projects/actionModals.module.css';

/** Moves a project to another workspace where the user may create projects. */
export function MoveToWorkspaceModal({
  project,
  opened,
  onClose,
}: {
  project: Project;
  opened: boolean;
  onClose: () => void;
}) {
  const user = useSignedInUser();
  const workspaces = useMyWorkspaces();
  const move = useTransferToWorkspace(project.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const options = user
    ? workspaceChoice(workspaces.data ?? [], user.id).options.filter(
        (o) => o.workspace.id !== project.workspace_id,
      )
    : [];
  const target = options.find((o) => o.value === chosen);

  function submit() {
    if (!target) return;
    setRefusal(null);
    move.mutate(target.workspace.id, {
      onSuccess: () => {
        snackbar.success({ title: PROJECT_TEXTS.movedToWorkspace(target.workspace.name) });
        onClose();
      },
      onError: (error) => {
        // Limits of the target workspace are said in the dialog, where the choice can change.
        if (isApiError(error) && error.status === 403) setRefusal(error.message);
        else showActionError(error);
      },
    });
  }

  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      busy={move.isPending}
      icon={<IconArrowsExchange size={22} color="var(--mantine-color-brand-6)" />}
      title="Move to Another Workspace"
    >
      <Stack gap="md" data-testid="move-to-workspace">
        <Text size="sm" c="dimmed" lh={1.6}>
          <Emphasis>{messageName(project.name)}</Emphasis> moves with its folders, assets and members. It then
          counts towards the new workspace’s plan.
        </Text>
        {options.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg" px="md" className={classes.emptyBox}>
            You have no other workspace where you can create projects.
          </Text>
        ) : (
          <Radio.Group
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setRefusal(null);
            }}
            aria-label="Workspace"
          >
            <Stack gap={8}>
              {options.map((option) => (
                <OptionCard
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  label={option.label}
                >
                  <WorkspaceLogo workspace={option.workspace} size={30} />
                  <Text size="sm" fw={500} truncate style={{ flex: 1 }}>
                    {option.label}
                  </Text>
                  {option.disabled && <SuspendedTag />}
                </OptionCard>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {refusal && (
          <DialogAlert testId="move-refusal">
            {refusal === WORKSPACE_TEXTS.projectLimit
              ? `${refusal}. Choose another workspace or upgrade its plan.`
              : refusal}
          </DialogAlert>
        )}
        <DialogButtons
          label="Move Project"
          busy={move.isPending}
          disabled={!target}
          onCancel={onClose}
          onSubmit={submit}
        />
      </Stack>
    </ActionModal>
  );
}
