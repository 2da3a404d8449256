import type { Project } from '@common/api/projects';

export type ProjectStatusText = 'New' | 'New Activity' | 'Suspended';

/**
 * The status line of a project card (§2): 'Suspended' when its workspace is inactive (it wins:
 * nothing can be done there), else 'New' for a project the user has not opened yet, else
 * 'New Activity' when something happened since their last visit.
 */
export function projectStatusText(
  project: Pick<Project, 'is_new_for_current_user' | 'has_new_activity' | 'workspace'>,
): ProjectStatusText | null {
  if (!project.workspace.is_active) return 'Suspended';
  if (project.is_new_for_current_user) return 'New';
  if (project.has_new_activity) return 'New Activity';
  return null;
}

/** The card's counter: assets in the project, or null when the workspace is inactive (an error icon instead). */
export function thumbnailCount(project: Pick<Project, 'assets_count' | 'workspace'>): number | null {
  return project.workspace.is_active ? project.assets_count : null;
}
