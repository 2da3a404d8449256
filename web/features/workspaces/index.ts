/**
 * The workspaces feature's public face (workspaces, their members and invitations, logos, access
 * dialogs and paths; the settings sidebar, and the header and General, Members and Projects tabs of
 * a workspace's settings). Screens and other features import from here only (eslint.config.js keeps
 * the wall); the files behind it are the feature's own.
 */
export { isWorkspaceAccessError } from './accessErrors';
export { type InvitationByHash, useAcceptInvitation, useInvitation } from './api/members';
export { fetchMyWorkspaces } from './api/workspaceKeys';
export {
  defaultWorkspace,
  forgetWorkspace,
  ownedWorkspace,
  refreshWorkspaces,
  storeWorkspace,
  useCreateWorkspace,
  useMyWorkspaces,
  useWorkspace,
  useWorkspaceState,
  workspaceKeys,
  workspaceStateOf,
} from './api/workspaces';
export { GeneralTab } from './general/GeneralTab';
export { MembersTab } from './members/MembersTab';
export { MEMBER_LIMIT_TEXTS } from './MemberLimitPopup';
export { ProjectsTab } from './projects/ProjectsTab';
export { ROLE_DESCRIPTIONS } from './roleOptions';
export { SettingsSidebar } from './settingsNav/SettingsSidebar';
export { WorkspaceAccessDialog } from './WorkspaceAccessDialog';
export { WorkspaceHeader } from './WorkspaceHeader';
export { workspaceDisplayName } from './workspaceLabels';
export { WorkspaceLogo } from './WorkspaceLogo';
export {
  CONTACT_US_URL,
  OPEN_PLAN_MODAL,
  opensPlanModal,
  SUPPORT_EMAIL,
  workspacePath,
  type WorkspaceSection,
} from './workspacePaths';
