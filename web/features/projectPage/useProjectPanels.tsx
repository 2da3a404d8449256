import { useState } from 'react';
import { ProjectDownloadDialog } from '@web/features/downloads';
import { ActivityLogPanel, InviteToProjectModal, ProjectSettingsModal } from '@web/features/projects';
import { ShareProjectModal } from '@web/features/sharing';

export type ProjectPanel = 'invite' | 'share' | 'settings' | 'activity' | 'download';

const PANELS = {
  invite: InviteToProjectModal,
  share: ShareProjectModal,
  settings: ProjectSettingsModal,
  activity: ActivityLogPanel,
  download: ProjectDownloadDialog,
} as const;

/** The header's dialogs and drawer: one open at a time. */
export function useProjectPanels(projectId: number) {
  const [open, setOpen] = useState<ProjectPanel | null>(null);
  const close = () => setOpen(null);
  const panels = (Object.keys(PANELS) as ProjectPanel[]).map((kind) => {
    const Panel = PANELS[kind];
    return <Panel key={kind} projectId={projectId} opened={open === kind} onClose={close} />;
  });
  return { open: setOpen, panels };
}
