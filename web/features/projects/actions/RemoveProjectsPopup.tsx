import { IconDoorExit, IconTrash } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import { useBulkProjectAction } from '@web/features/projects/api/projects';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { showActionError } from './actionErrors';
import { ACTION_TEXTS } from './projectActionTexts';

/** Delete or leave one project or many, once the user has ticked the checkbox (§5). */
export function RemoveProjectsPopup({
  mode,
  projects,
  opened,
  onClose,
  onDone,
}: {
  mode: 'delete' | 'leave';
  projects: Project[];
  opened: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const remove = useBulkProjectAction(mode);
  const names = projects.map((p) => p.name);
  const deleting = mode === 'delete';

  function confirm() {
    remove.mutate(
      projects.map((p) => p.id),
      {
        onSuccess: () => {
          snackbar.success({
            title: deleting
              ? projects.length === 1
                ? PROJECT_TEXTS.deleted
                : PROJECT_TEXTS.deletedMany
              : PROJECT_TEXTS.left(projects.length),
          });
          onClose();
          onDone?.();
        },
        onError: showActionError,
      },
    );
  }

  return (
    <Popup
      opened={opened}
      onClose={onClose}
      closable={!remove.isPending}
      icon={
        deleting ? (
          <IconTrash size={22} color="var(--mantine-color-red-6)" />
        ) : (
          <IconDoorExit size={22} color="var(--mantine-color-red-6)" />
        )
      }
      title={deleting ? ACTION_TEXTS.deleteTitle(projects.length) : ACTION_TEXTS.leaveTitle(projects.length)}
      description={
        names.length ? (deleting ? ACTION_TEXTS.deleteBody(names) : ACTION_TEXTS.leaveBody(names)) : ''
      }
      checkbox={{ label: deleting ? ACTION_TEXTS.deleteCheckbox : ACTION_TEXTS.leaveCheckbox }}
      actions={[
        { label: 'Cancel', variant: 'secondary', onClick: onClose },
        {
          label: deleting ? 'Delete' : 'Leave',
          variant: 'danger',
          loading: remove.isPending,
          onClick: confirm,
        },
      ]}
    />
  );
}
