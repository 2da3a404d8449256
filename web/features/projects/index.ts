/**
 * The projects feature's public face (projects: their queries, the list, its actions and their
 * dialogs, cards and rows, settings, people and activity). The features of a project's parts
 * (folders, assets, comments, tasks, sharing, downloads) build on it; the project page that puts them
 * together is features/projectPage. Screens and other features import from here only
 * (eslint.config.js keeps the wall); the files behind it are the feature's own.
 */
export { MoveToWorkspaceModal } from './actions/MoveToWorkspaceModal';
export { actorOf, canDownloadProject, type ProjectActionKind } from './actions/projectActions';
export { ProjectActionsContext } from './actions/projectActionsContext';
export { ProjectLabelsModal } from './actions/ProjectLabelsModal';
export { RemoveProjectsPopup } from './actions/RemoveProjectsPopup';
export { TransferOwnershipModal } from './actions/TransferOwnershipModal';
export { type QuickAction, useQuickActions } from './actions/useQuickActions';
export { ActivityLogPanel } from './ActivityLogPanel';
export { activityTime } from './activityTime';
export { activityKeys } from './api/activity';
export { retryUnlessAccessError, useMarkProjectSeen, useProject } from './api/project';
export {
  patchCachedProject,
  projectKeys,
  refreshProjectLists,
  useProjectList,
  useProjectMembers,
  type ProjectListParams,
} from './api/projects';
export { CreateProjectFlowProvider } from './CreateProjectFlow';
export { ProjectInvitation } from './invitations/ProjectInvitation';
export { InviteToProjectModal } from './InviteToProjectModal';
export { DueDate, MemberAvatars } from './list/ProjectBits';
export { ProjectList } from './list/ProjectList';
export { formatLastActivity } from './list/projectFormat';
export { projectCrumbs } from './projectCrumbs';
export { FolderNotFound, ProjectNotFound } from './ProjectNotFound';
export { ProjectSettingsModal } from './ProjectSettingsModal';
export type { ViewMode } from './viewMode';
export { listParams } from './viewOptions';
export { useViewMode, ViewToggle } from './ViewToggle';
