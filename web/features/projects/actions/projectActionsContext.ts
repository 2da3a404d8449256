import { createContext, useContext } from 'react';
import type { Project } from '@common/api/projects';
import type { ProjectActionKind } from './projectActions';

export interface ProjectActionsApi {
  /** Runs an action on one project, or on the selection (archive, restore, delete, leave). */
  run: (kind: ProjectActionKind, projects: Project[], onDone?: () => void) => void;
}

/**
 * What the menus and the selection bar call. The page that shows them provides it with the dialogs
 * (web/routes/projects/ProjectActionsProvider.tsx): some of them are other features' (sharing,
 * downloads), which build on this one.
 */
export const ProjectActionsContext = createContext<ProjectActionsApi | null>(null);

export function useProjectActions(): ProjectActionsApi {
  const api = useContext(ProjectActionsContext);
  if (!api) throw new Error('useProjectActions needs a ProjectActionsProvider');
  return api;
}
