import { IconTrash } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Folder } from '@common/api/projects';
import { truncate } from '@common/text';
import { useCreateFolder, useDeleteFolders, useRenameFolder } from '@web/features/folders/api/folders';
import { DownloadAssetsDialog } from '@web/features/downloads';
import { ShareLinkModal } from '@web/features/sharing';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { FOLDER_NAME_MAX } from './FolderCard';
import { FolderNameModal } from './FolderNameModal';

/** Which folder dialog is open. */
export type FolderDialog =
  | { kind: 'create' }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'download'; folder: Folder }
  | { kind: 'share'; folder: Folder }
  | { kind: 'delete'; folders: Folder[] }
  | null;

export const FOLDER_TEXTS = {
  deleteTitle: (n: number) => (n === 1 ? 'Delete Folder' : 'Delete Folders'),
  deleteBody: (folders: Folder[]) =>
    folders.length === 1
      ? `**${truncate(folders[0]!.name, FOLDER_NAME_MAX)}** and everything in it will be deleted.`
      : `**${folders.length} folders** and everything in them will be deleted.`,
  deleteCheckbox: 'I understand that the contents will be deleted too.',
} as const;

/** New Folder, Rename Folder, Download Folder, Share Link and the delete confirmation, with their snackbars. */
export function FolderDialogs({
  projectId,
  dialog,
  onClose,
  onDeleted,
}: {
  projectId: number;
  dialog: FolderDialog;
  onClose: () => void;
  onDeleted?: (ids: number[]) => void;
}) {
  const create = useCreateFolder(projectId);
  const rename = useRenameFolder(projectId);
  const remove = useDeleteFolders(projectId);
  const deleting = dialog?.kind === 'delete' ? dialog.folders : [];

  function confirmDelete() {
    const ids = deleting.map((f) => f.id);
    remove.mutate(ids, {
      onSuccess: () => {
        snackbar.success({
          title: ids.length === 1 ? PROJECT_TEXTS.folderDeleted : PROJECT_TEXTS.foldersDeleted,
        });
        onDeleted?.(ids);
        onClose();
      },
      onError: () => snackbar.error({ title: PROJECT_TEXTS.generic }),
    });
  }

  return (
    <>
      <FolderNameModal
        opened={dialog?.kind === 'create'}
        title="New Folder"
        submitLabel="Create Folder"
        pending={create.isPending}
        onClose={onClose}
        onSubmit={(name, showError) =>
          create.mutate(name, {
            onSuccess: () => {
              snackbar.success({ title: PROJECT_TEXTS.folderCreated });
              onClose();
            },
            onError: showError,
          })
        }
      />
      {dialog?.kind === 'rename' && (
        <FolderNameModal
          opened
          title="Rename Folder"
          submitLabel="Save"
          initialName={dialog.folder.name}
          pending={rename.isPending}
          onClose={onClose}
          onSubmit={(name, showError) =>
            rename.mutate(
              { id: dialog.folder.id, name },
              {
                onSuccess: () => {
                  snackbar.success({ title: PROJECT_TEXTS.folderRenamed });
                  onClose();
                },
                onError: showError,
              },
            )
          }
        />
      )}
      <DownloadAssetsDialog
        projectId={projectId}
        place={dialog?.kind === 'download' ? { name: dialog.folder.name, folderId: dialog.folder.id } : null}
        onClose={onClose}
      />
      <ShareLinkModal
        projectId={projectId}
        target={
          dialog?.kind === 'share'
            ? { scope: 'folder', folderId: dialog.folder.id, folderName: dialog.folder.name }
            : null
        }
        onClose={onClose}
      />
      <Popup
        opened={dialog?.kind === 'delete'}
        onClose={onClose}
        closable={!remove.isPending}
        icon={<IconTrash size={22} color="var(--mantine-color-red-6)" />}
        title={FOLDER_TEXTS.deleteTitle(deleting.length)}
        description={deleting.length > 0 ? FOLDER_TEXTS.deleteBody(deleting) : undefined}
        checkbox={{ label: FOLDER_TEXTS.deleteCheckbox }}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: onClose },
          { label: 'Delete', variant: 'danger', loading: remove.isPending, onClick: confirmDelete },
        ]}
      />
    </>
  );
}
