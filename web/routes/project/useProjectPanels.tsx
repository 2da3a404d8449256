import { useState } from 'react';
import { ProjectDownloadDialog } from '@web/components/assets/ProjectDownloadDialog';
import { ActivityLogPanel } from '@web/components/projects/ActivityLogPanel';
import { InviteToProjectModal } from '@web/components/projects/InviteToProjectModal';
import { ProjectSettingsModal } from '@web/components/projects/ProjectSettingsModal';
import { ShareProjectModal } from '@web/components/projects/ShareProjectModal';

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
