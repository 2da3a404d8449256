import { z } from 'zod';
import { INVITE_MESSAGE_MAX, NAME_MAX } from '../limits';
import { emailField, nameField, optionalText } from '../validation';
import { INVITABLE_ROLES, WORKSPACE_ROLE_NAMES, WORKSPACE_ROLES } from '../workspaceRoles';
import { roleField } from './roleFields';
import { pricingPlanSchema, subscriptionSchema } from './billing';

export const roleSchema = z.object({
  /** owner, admin, collaborator or limited. */
  name: z.enum(WORKSPACE_ROLE_NAMES),
  type: z.string(),
  label: z.string(),
  level: z.number().int(),
});

export const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
});

/**
 * A workspace as its members see it. The derived states (isActive, daysLeftOnFreeTrial, …) are
 * computed from these facts by `deriveWorkspaceState` in common/workspaceState.ts, on both sides.
 */
export const workspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  owner: personSchema,
  current_user_role: roleSchema,
  projects_count: z.number().int(),
  members_count: z.number().int(),
  /** Members and pending invitations that take a seat under the plan (everyone but collaborators). */
  seats_used: z.number().int(),
  storage_used_in_bytes: z.number().int(),
  subscription: subscriptionSchema.nullable(),
  pricing_plan: pricingPlanSchema.nullable(),
  created_at: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceNameField = nameField('Name', { max: NAME_MAX });

export const workspaceMemberSchema = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  user: personSchema,
  user_id: z.number().int(),
  role: roleSchema,
  user_owns_a_workspace: z.boolean(),
  owned_projects_count: z.number().int(),
  created_at: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  workspace_id: z.number().int(),
  workspace: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  invited_by: personSchema.nullable(),
  created_at: z.string(),
});
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;

/** The invitation page: what a person opening the e-mailed link sees. */
export const invitationByHashSchema = workspaceInvitationSchema.extend({
  hash: z.string(),
  /** True when an account with the invited e-mail exists (sign in rather than sign up). */
  user_exists: z.boolean(),
  accepted: z.boolean(),
});

export const transferOwnershipSchema = z.object({
  workspace_member_id: z.number().int(),
  message: optionalText('Message', INVITE_MESSAGE_MAX),
});

export const inviteSchema = z.object({
  invites: z
    .array(
      z.object({
        email: emailField('Email'),
        role: roleField(WORKSPACE_ROLES, INVITABLE_ROLES),
        message: optionalText('Message', INVITE_MESSAGE_MAX),
      }),
    )
    .min(1)
    .max(50),
});
export type InviteRequest = z.infer<typeof inviteSchema>;

export const memberRoleSchema = z.object({
  role: roleField(WORKSPACE_ROLES, ['admin', 'collaborator', 'limited'] as const),
});

export const WORKSPACE_TEXTS = {
  alreadyOwnsWorkspace: 'This user already owns a workspace.',
  deleted: 'The workspace has been successfully deleted.',
  deleteFailed: 'There was an error deleting the workspace. Please try again later.',
  transferredTitle: 'Ownership Successfully Transferred',
  transferredBody: 'You are no longer the owner of this Workspace. You are now a Member.',
  roleUpdated: 'The user role has been successfully updated.',
  roleUpdateFailed: 'Oops! something went wrong! Try again.',
  inviteDeleted: 'The pending invite has been successfully deleted.',
  alreadyMember: (email: string) => `The user with email: ${email}, is already a part of this workspace.`,
  alreadyInvited: 'This person has already been invited.',
  inviteFailed: 'There was an error inviting the user. Please try again later.',
  inviteSentTitle: 'Invitation Sent',
  inviteSentBody: (email: string) => `${email} will receive an invitation to join this workspace.`,
  emailLimit: 'Email limit reached: You have reached the limit of emails you can send for today.',
  freeTrialFeature: 'Functionality not available for Free Trial users.',
  left: (workspace: string) => `You left ${workspace} workspace.`,
  storageInUse: 'Storage in use',
  seatInUse: 'Workspace seat in use',
  inactiveWorkspace: 'This workspace is suspended.',
  memberLimit: "You've reached the limit for workspace members on your current plan",
  projectLimit: "Seems you've reached your projects limit",
  storageLimit: 'Storage limit reached!',
  accessErrorTitle: 'Oops, something went wrong',
  accessErrorBody: "Looks like you can't continue working on this workspace right now.",
} as const;
