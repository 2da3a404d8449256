import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Project } from '@common/api/projects';
import { DownloadAssetsDialog } from '@web/features/downloads';
import {
  InviteToProjectModal,
  MoveToWorkspaceModal,
  ProjectActionsContext,
  ProjectLabelsModal,
  RemoveProjectsPopup,
  TransferOwnershipModal,
  useQuickActions,
  type ProjectActionKind,
  type QuickAction,
} from '@web/features/projects';
import { ShareProjectModal } from '@web/features/sharing';

type DialogKind = Exclude<ProjectActionKind, QuickAction>;

interface OpenDialog {
  kind: DialogKind;
  projects: Project[];
  /** Kept false while the dialog animates out, so its content stays. */
  opened: boolean;
  onDone?: () => void;
}

const QUICK = new Set<ProjectActionKind>(['flag', 'unflag', 'archive', 'unarchive', 'hide', 'unhide']);
const isQuick = (kind: ProjectActionKind): kind is QuickAction => QUICK.has(kind);

/** Hosts the dialogs of the project actions once for the page; menus and the selection bar call `run`. */
export function ProjectActionsProvider({ children }: { children: ReactNode }) {
  const quick = useQuickActions();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const run = useCallback(
    (kind: ProjectActionKind, projects: Project[], onDone?: () => void) => {
      if (projects.length === 0) return;
      if (isQuick(kind))
        quick(
          kind,
          projects.map((p) => p.id),
          onDone,
        );
      else setDialog({ kind, projects, opened: true, onDone });
    },
    [quick],
  );
  const api = useMemo(() => ({ run }), [run]);
  const close = () => setDialog((current) => (current ? { ...current, opened: false } : current));
  const shown = (kind: DialogKind) => dialog?.opened === true && dialog.kind === kind;
  const first = dialog?.projects[0];

  return (
    <ProjectActionsContext value={api}>
      {children}
      {dialog && (dialog.kind === 'delete' || dialog.kind === 'leave') && (
        <RemoveProjectsPopup
          mode={dialog.kind}
          projects={dialog.projects}
          opened={dialog.opened}
          onClose={close}
          onDone={dialog.onDone}
        />
      )}
      {first && dialog?.kind === 'transferOwnership' && (
        <TransferOwnershipModal
          key={first.id}
          project={first}
          opened={shown('transferOwnership')}
          onClose={close}
        />
      )}
      {first && dialog?.kind === 'transferWorkspace' && (
        <MoveToWorkspaceModal
          key={first.id}
          project={first}
          opened={shown('transferWorkspace')}
          onClose={close}
        />
      )}
      {first && dialog?.kind === 'labels' && (
        <ProjectLabelsModal key={first.id} project={first} opened={shown('labels')} onClose={close} />
      )}
      {first && dialog?.kind === 'share' && (
        <ShareProjectModal projectId={first.id} opened={shown('share')} onClose={close} />
      )}
      {first && dialog?.kind === 'download' && (
        <DownloadAssetsDialog
          projectId={first.id}
          place={shown('download') ? { name: first.name, folderId: null } : null}
          onClose={close}
        />
      )}
      {first && dialog?.kind === 'invite' && (
        <InviteToProjectModal projectId={first.id} opened={shown('invite')} onClose={close} />
      )}
    </ProjectActionsContext>
  );
}
