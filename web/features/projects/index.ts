/**
 * The projects feature's public face (projects: the list, its actions, cards and rows, settings,
 * people, activity and the project header). Screens and other features import from here only
 * (eslint.config.js keeps the wall); the files behind it are the feature's own.
 */
export { actorOf, canDownloadProject } from './actions/projectActions';
export { ProjectActionsProvider } from './actions/ProjectActions';
export { activityTime } from './activityTime';
export { activityKeys } from './api/activity';
export { retryUnlessAccessError, useMarkProjectSeen, useProject } from './api/project';
export { useAcceptProjectInvitation, useProjectInvitation } from './api/projectMembers';
export {
  patchCachedProject,
  projectKeys,
  type ProjectListScope,
  refreshProjectLists,
  useProjectList,
  useProjectMembers,
} from './api/projects';
export { CreateProjectFlowProvider, useCreateProjectFlow } from './CreateProjectFlow';
export { ProjectCard } from './list/ProjectCard';
export { formatLastActivity } from './list/projectFormat';
export { ProjectRow, ProjectTableHead } from './list/ProjectRow';
export { SortableProjects } from './list/SortableProjects';
export { projectCrumbs } from './projectCrumbs';
export { ProjectHeader } from './ProjectHeader';
export { FolderNotFound, ProjectNotFound } from './ProjectNotFound';
export { ProjectsEmpty, ProjectsSkeleton } from './ProjectsStates';
export { SelectionBar } from './SelectionBar';
export { ProjectsToolbar } from './toolbar/ProjectsToolbar';
export { useManualOrder } from './useManualOrder';
export { type ProjectPanel, useProjectPanels } from './useProjectPanels';
export { useProjectsView } from './useProjectsView';
export type { ViewMode } from './viewMode';
export { canReorder, cardMinWidth, filterChips, listParams, withoutFilter } from './viewOptions';
export { useViewMode, ViewToggle } from './ViewToggle';
export { default as projectRowClasses } from './list/ProjectRow.module.css';
