/**
 * The workspaces feature's public face (workspaces, their members and invitations, logos, access
 * dialogs and paths). Screens and other features import from here only (eslint.config.js keeps the
 * wall); the files behind it are the feature's own.
 */
export { isWorkspaceAccessError, reportWorkspaceAccessError } from './accessErrors';
export {
  type InvitationByHash,
  type MemberRoleChange,
  useAcceptInvitation,
  useDeleteInvite,
  useInvitation,
  useInviteMembers,
  useRemoveMember,
  useUpdateMemberRole,
  useWorkspaceInvites,
  useWorkspaceMembers,
} from './api/members';
export { fetchMyWorkspaces } from './api/workspaceKeys';
export {
  defaultWorkspace,
  forgetWorkspace,
  ownedWorkspace,
  refreshWorkspaces,
  storeWorkspace,
  useCreateWorkspace,
  useDeleteWorkspace,
  useLeaveWorkspace,
  useMyWorkspaces,
  useTransferOwnership,
  useUpdateWorkspace,
  useWorkspace,
  useWorkspaceState,
  type WorkspaceChanges,
  workspaceKeys,
  workspaceStateOf,
} from './api/workspaces';
export { memberLimitFor, memberLimitFromRefusal, type MemberLimitKind } from './memberLimit';
export { MEMBER_LIMIT_TEXTS, MemberLimitPopup } from './MemberLimitPopup';
export { ASSIGNABLE_ROLES, ROLE_DESCRIPTIONS, roleLabel, roleOptions } from './roleOptions';
export { SettingsSidebar } from './settingsNav/SettingsSidebar';
export { WorkspaceAccessDialog } from './WorkspaceAccessDialog';
export { planTag, WORKSPACE_NAME_MAX, workspaceDisplayName } from './workspaceLabels';
export { WorkspaceLogo } from './WorkspaceLogo';
export {
  CONTACT_US_URL,
  OPEN_PLAN_MODAL,
  opensPlanModal,
  SUPPORT_EMAIL,
  workspacePath,
  type WorkspaceSection,
} from './workspacePaths';
