/**
 * The workspaces feature's public face (workspaces, their members and invitations, logos, access
 * dialogs and paths; the settings sidebar, and the header and General, Members and Projects tabs of
 * a workspace's settings; the invitation page, whose frame, summary and links a project's invitation
 * shares). Screens and other features import from here only (eslint.config.js keeps the wall); the
 * files behind it are the feature's own.
 */
export { isWorkspaceAccessError } from './accessErrors';
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
export { invitationPending, OpenInvitation } from './invitations/InvitationFrame';
export { invitationLinks } from './invitations/invitationLinks';
export { InvalidInvitation } from './invitations/InvitationParts';
export { InvitationSummary } from './invitations/InvitationSummary';
export { WorkspaceInvitation } from './invitations/WorkspaceInvitation';
export { MembersTab } from './members/MembersTab';
export { MEMBER_LIMIT_TEXTS } from './MemberLimitPopup';
export { ProjectsTab } from './projects/ProjectsTab';
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
