import { useState } from 'react';
import { Button } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Workspace } from '@common/api/workspaces';
import { forgetWorkspace, refreshWorkspaces } from '../api/workspaces';
import { reportWorkspaceAccessError } from '../accessErrors';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { SettingsCard } from '@web/components/settings/SettingsCard';

export interface ExitWorkspaceCardProps {
  workspace: Workspace;
  /** Card title, popup title and button label alike ('Delete Workspace', 'Leave Workspace'). */
  action: string;
  testId: string;
  description: string;
  icon: Icon;
  /** The popup's text, with **bold** markup. */
  confirmText: string;
  /** A checkbox that must be ticked before the action (removal confirmations). */
  checkboxLabel?: string;
  mutation: UseMutationResult<unknown, Error, void>;
  successTitle: string;
  /** The error snackbar's title; undefined shows the generic message. */
  failureTitle: (error: Error) => string | undefined;
}

/**
 * A way out of a workspace (delete it, leave it): a red button, a confirmation, then a snackbar,
 * the profile page, and the workspace forgotten from the cache.
 */
export function ExitWorkspaceCard(props: ExitWorkspaceCardProps) {
  const { workspace, mutation, icon: ActionIcon } = props;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  function confirm() {
    mutation.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        snackbar.success({ title: props.successTitle });
        void navigate('/user/profile', { replace: true });
        forgetWorkspace(queryClient, workspace.id);
        void refreshWorkspaces(queryClient);
      },
      onError: (error) => {
        setOpen(false);
        if (reportWorkspaceAccessError(error, workspace)) return;
        snackbar.error({ title: props.failureTitle(error) });
      },
    });
  }

  return (
    <SettingsCard
      title={props.action}
      testId={props.testId}
      description={props.description}
      footer={
        <Button
          color="red"
          variant="light"
          leftSection={<ActionIcon size={16} />}
          onClick={() => setOpen(true)}
        >
          {props.action}
        </Button>
      }
    >
      <Popup
        opened={open}
        onClose={() => setOpen(false)}
        closable={!mutation.isPending}
        icon={<ActionIcon size={22} color="var(--mantine-color-red-6)" />}
        title={props.action}
        description={props.confirmText}
        {...(props.checkboxLabel ? { checkbox: { label: props.checkboxLabel } } : {})}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setOpen(false) },
          { label: props.action, variant: 'danger', loading: mutation.isPending, onClick: confirm },
        ]}
      />
    </SettingsCard>
  );
}
