import { z } from 'zod';
import { INVITE_MESSAGE_MAX, NAME_MAX } from '../limits';
import { LABEL_BASE_COLORS } from '../labelColors';
import { isIsoDate, PROJECT_DATE_TEXTS } from '../projectDates';
import { INVITABLE_PROJECT_ROLES, PROJECT_ROLE_NAMES, PROJECT_ROLES } from '../projectRoles';
import { emailField, nameField, optionalName, optionalText } from '../validation';
import { roleField } from './roleFields';
import { shareExpiryField, sharedLinkSchema, sharePasswordField } from './shareLinks';
import { personSchema } from './workspaces';

/** The project side's wire format (projects-side §3, §7). */

export const PROJECT_DESCRIPTION_MAX = 2000;
export { SHARE_PASSWORD_MAX, SHARE_PASSWORD_MIN } from './shareLinks';
/** Ids one bulk call may carry (delete, archive, leave, labels). */
export const BULK_IDS_MAX = 500;

const id = z.number().int().positive();
export const idsField = z.array(id).min(1).max(BULK_IDS_MAX);

export const isoDateField = z
  .string()
  .max(10, { error: PROJECT_DATE_TEXTS.invalid, abort: true })
  .refine(isIsoDate, { error: PROJECT_DATE_TEXTS.invalid })
  .nullable()
  .optional();

export const projectRoleSchema = z.object({
  /** owner, collaborator or viewer (common/projectRoles.ts). */
  name: z.enum(PROJECT_ROLE_NAMES),
  type: z.string(),
  label: z.string(),
  level: z.number().int(),
});
export type ProjectRoleView = z.infer<typeof projectRoleSchema>;

export const labelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** false for the labels every project starts with. */
  custom: z.boolean(),
  labellable_type: z.enum(['Project', 'Workspace']),
  labellable_id: z.number().int(),
  base_color: z.string(),
  hover_color: z.string(),
  /** Position in the project's labels order; null when the project has none for it. */
  order: z.number().int().nullable(),
});
export type Label = z.infer<typeof labelSchema>;

/**
 * Hidden is per user: the project is out of that user's lists, whatever it is for others. The
 * status reads 'hidden' (active and hidden) or 'hidden_archived' for the user who hid it.
 */
export const PROJECT_STATUSES = ['active', 'archived', 'hidden', 'hidden_archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const projectWorkspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  owner_id: z.number().int(),
  /** False when suspended or on an expired trial: cards read 'Suspended' with an error icon. */
  is_active: z.boolean(),
});

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  client_name: z.string().nullable(),
  primary_contact: z.string().nullable(),
  cover_url: z.string().nullable(),
  /** The asset that pictures the project when it has no cover of its own; null otherwise. */
  cover_id: z.number().int().nullable(),
  /**
   * Without a cover: the thumbnail of the project's first asset that has one (root first, each
   * place in its manual order), for the card; null with a cover or when no asset has one.
   */
  thumbnail_url: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  /** Only for members who may share; null when the project has no public link. */
  share_hash: z.string().nullable(),
  share_hash_downloadable: z.boolean(),
  /** Whether the link's viewers see the team's comments (off by default). */
  share_show_comments: z.boolean(),
  share_expires_at: z.string().nullable(),
  share_has_password: z.boolean(),
  unresolved_comments_count: z.number().int(),
  rush_priority: z.boolean(),
  rush_priority_set_at: z.string().nullable(),
  /** Null for a workspace owner looking at a project they are not a member of. */
  current_user_role: projectRoleSchema.nullable(),
  current_user_is_workspace_owner: z.boolean(),
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  assets_start_retouched: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_activity_at: z.string(),
  last_seen_at: z.string().nullable(),
  workspace_id: z.number().int(),
  /** The first of `labels` (the project's workspace labels), or null. */
  label: labelSchema.nullable(),
  labels: z.array(labelSchema),
  storage_used_in_bytes: z.number(),
  owner: personSchema,
  users: z.array(personSchema),
  folders_count: z.number().int(),
  assets_count: z.number().int(),
  is_new_for_current_user: z.boolean(),
  has_new_activity: z.boolean(),
  has_new_assets: z.boolean(),
  has_assets_unseen_by_current_user: z.boolean(),
  has_new_comments: z.boolean(),
  has_newly_approved_comments: z.boolean(),
  has_newly_flagged_assets: z.boolean(),
  has_newly_approved_assets: z.boolean(),
  has_new_tasks: z.boolean(),
  workspace: projectWorkspaceSchema,
  labels_order: z.array(z.number().int()),
  /** The caller's notifications of the project not yet seen (§3; the panel's strip badge). */
  unseen_notifications_count: z.number().int(),
  /** The caller muted the project's notifications (mentions still come). */
  notifications_muted: z.boolean(),
});
export type Project = z.infer<typeof projectSchema>;

export const createProjectSchema = z.object({
  name: nameField('Name', { max: NAME_MAX }),
  workspace_id: z.number({ error: 'Workspace must not be empty.' }).int().positive(),
  client_name: optionalName('Client name', NAME_MAX),
  start_date: isoDateField,
  due_date: isoDateField,
  /** 'Where are you starting?': false Unretouched Images (Start at R0, default), true Retouched (R1). */
  assets_start_retouched: z.boolean().default(false),
  invite_all_members: z.boolean().default(false),
});
export type CreateProjectRequest = z.input<typeof createProjectSchema>;

export const renameProjectSchema = z.object({ name: nameField('Name', { max: NAME_MAX }) });

/** PATCH /projects/{id}: the edited fields of project settings. */
export const editProjectSchema = z.object({
  name: nameField('Name', { max: NAME_MAX }).optional(),
  description: optionalText('Description', PROJECT_DESCRIPTION_MAX).nullable(),
  client_name: optionalName('Client name', NAME_MAX).nullable(),
  primary_contact: optionalName('Primary contact', NAME_MAX).nullable(),
  start_date: isoDateField,
  due_date: isoDateField,
});
export type EditProjectRequest = z.input<typeof editProjectSchema>;

export const projectIdsSchema = z.object({ ids: idsField });
export const projectLabelSchema = z.object({ projects_ids: idsField, label_id: id });
export const labelsOrderSchema = z.object({ label_ids: z.array(id).max(BULK_IDS_MAX) });
export const projectsOrderSchema = z.object({ project_ids: z.array(id).max(5000) });
export const customSettingsSchema = z.object({ labels_order: z.array(z.number().int()) });

export const transferProjectOwnershipSchema = z.object({
  /** The project member (id of GET /projects/{id}/members) who becomes owner. */
  member_id: id,
  message: optionalText('Message', INVITE_MESSAGE_MAX),
});
export const transferToWorkspaceSchema = z.object({ workspace_id: id });

/** Sort keys of the project list (§9), the request value of each option. */
export const PROJECT_SORTS = [
  { value: 'name', label: 'Project Name' },
  { value: 'created_at', label: 'Date Created' },
  { value: 'last_activity_at', label: 'Recent Activity' },
  { value: 'client_name', label: 'Client Name' },
  { value: 'priority', label: 'Priority' },
  { value: 'unresolved_comments', label: 'Unresolved Comments' },
  { value: 'manual', label: 'Manual' },
] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number]['value'];
export const PROJECT_SORT_VALUES = PROJECT_SORTS.map((s) => s.value) as [ProjectSort, ...ProjectSort[]];

export const projectFiltersSchema = z.object({
  priority: z.boolean().optional(),
  new_assets: z.boolean().optional(),
  unresolved_comments: z.boolean().optional(),
  /** 'I'm {role name}'. */
  role: roleField(PROJECT_ROLES, PROJECT_ROLE_NAMES).optional(),
  label_id: z.number().int().optional(),
});
export type ProjectFilters = z.infer<typeof projectFiltersSchema>;

/** Query of GET /projects/active, /archived and /hidden. `filters` is JSON text of projectFiltersSchema. */
export const projectListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
  sort_by: z.enum(PROJECT_SORT_VALUES).default('priority'),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
  filters: z.string().max(4000).optional(),
  /** Name or client name contains this text, case-insensitively. */
  q: z.string().trim().max(NAME_MAX).optional(),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

export const paginationSchema = z.object({
  current: z.number().int(),
  pages: z.number().int(),
  total_count: z.number().int(),
  first_page: z.boolean(),
  last_page: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const ITEM_SIZE_DEFAULT = 50;

/** View options of the project list (§3), kept per user on the server. */
export const projectsViewOptionsSchema = z.object({
  view: z.enum(['grid', 'list']).default('grid'),
  sort: z.enum(PROJECT_SORT_VALUES).default('priority'),
  sort_ascending: z.boolean().default(true),
  filter: projectFiltersSchema.default({}),
  item_size: z.number().int().min(0).max(100).default(ITEM_SIZE_DEFAULT),
  show_archived: z.boolean().default(false),
});
export type ProjectsViewOptions = z.infer<typeof projectsViewOptionsSchema>;

export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The project holding the folder. */
  organizer_id: z.number().int(),
  images_count: z.number().int(),
  documents_count: z.number().int(),
  /** At most 3. */
  previews_urls: z.array(z.string()),
  current_user_is_owner: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

/** The field is labelled 'Folder name' in the folder dialog, and its messages name it so. */
export const folderNameSchema = z.object({ name: nameField('Folder name', { max: NAME_MAX }) });
export const folderIdsSchema = z.object({ folders_ids: idsField });

export const createLabelSchema = z.object({
  name: nameField('Name', { max: 50 }),
  labellable_type: z.enum(['Project', 'Workspace']),
  labellable_id: id,
  base_color: z.enum(LABEL_BASE_COLORS).optional(),
});
export const editLabelSchema = z.object({
  name: nameField('Name', { max: 50 }).optional(),
  base_color: z.enum(LABEL_BASE_COLORS).optional(),
});

export const projectMemberSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  user: personSchema,
  role: projectRoleSchema,
  /** The caller may remove this member (§6 per-member permission). */
  can_be_removed: z.boolean(),
  created_at: z.string(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

export const projectInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: projectRoleSchema,
  project_id: z.number().int(),
  project: z.object({ id: z.number().int(), name: z.string() }),
  workspace: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  invited_by: personSchema.nullable(),
  can_be_deleted: z.boolean(),
  created_at: z.string(),
});
export type ProjectInvitation = z.infer<typeof projectInvitationSchema>;

export const projectInvitationByHashSchema = projectInvitationSchema.extend({
  hash: z.string(),
  user_exists: z.boolean(),
  accepted: z.boolean(),
});
export type ProjectInvitationByHash = z.infer<typeof projectInvitationByHashSchema>;

export const projectInviteSchema = z.object({
  invitees: z.array(emailField('Email')).min(1, { error: 'Email must not be empty.' }).max(50),
  role: roleField(PROJECT_ROLES, INVITABLE_PROJECT_ROLES).default('viewer'),
  message: optionalText('Message', INVITE_MESSAGE_MAX),
});
export type ProjectInviteRequest = z.input<typeof projectInviteSchema>;
export type ProjectInvite = z.output<typeof projectInviteSchema>;

export const shareRequestSchema = z.object({
  downloadable: z.boolean().default(false),
  /** Beyond the spec: the link's viewers see the team's comments and their drawings (default off). */
  show_comments: z.boolean().default(false),
  /** Beyond the spec: a password the viewer must give; null removes it, absent keeps it. */
  password: sharePasswordField,
  /** Beyond the spec: the link stops working after this instant (ISO 8601); null removes it. */
  expires_at: shareExpiryField,
});
export type ShareRequest = z.input<typeof shareRequestSchema>;

export const shareAnswerSchema = z.object({
  share_hash: z.string(),
  share_hash_downloadable: z.boolean(),
  share_show_comments: z.boolean(),
  share_expires_at: z.string().nullable(),
  share_has_password: z.boolean(),
});

/** What an anonymous viewer of a public link sees of the project (§3 Shared project). */
export const sharedProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  share_hash: z.string(),
  allows_downloads: z.boolean(),
  /** Whether the team's comments are shown to the link's viewers (share settings, off by default). */
  shows_comments: z.boolean(),
  cover_url: z.string().nullable(),
  workspace: z.object({ name: z.string(), logo: z.string().nullable() }),
  /** The folders the link reaches: all for a project link, its own for a folder link, none for a selection. */
  folders: z.array(folderSchema),
  /** What the link is and reaches (issue 26); the project's public link is ('view', 'project'). */
  link: sharedLinkSchema,
});
export type SharedProject = z.infer<typeof sharedProjectSchema>;

export const sharedViewQuerySchema = z.object({ share_hash: z.string().min(1).max(200) });
export const shareUnlockSchema = z.object({
  share_hash: z.string().min(1).max(200),
  password: z.string().max(200),
});

export const activityLogSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.number().int().nullable(),
  user: personSchema.nullable(),
  /** The entry as a sentence (common/activity.ts), e.g. 'Ana renamed the folder Drafts to Finals.' */
  text: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;

/** Query of GET /projects/{id}/activity_logs (newest first). */
export const activityLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});

/** Workspace projects tab items (account-side §3). */
export const workspaceProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cover_image_url: z.string().nullable(),
  owner: personSchema,
  users: z.array(personSchema),
  created_at: z.string(),
  storage_used_in_bytes: z.number(),
  current_role_id: z.enum(PROJECT_ROLE_NAMES).nullable(),
});
export type WorkspaceProject = z.infer<typeof workspaceProjectSchema>;
export const workspaceProjectsQuerySchema = z.object({
  sort: z.enum(['by_name', 'by_date_added', 'by_size']).default('by_name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** The spec's texts of the project side (§8), word for word where it gives them. */
export const PROJECT_TEXTS = {
  nameTaken: 'Oops! There is already a project with this name!',
  nameUpdated: 'The project name was successfully updated!',
  suspendedNameEdit: 'Oops! You can’t edit the project name of a suspended workspace.',
  downloading: 'Your project is being downloaded.',
  deleted: 'The project was successfully deleted.',
  deletedMany: 'The projects were successfully deleted.',
  createdTitle: 'Project Created Successfully',
  createdBody: 'This project will impact on the project count of your workspace.',
  updated: 'The project was successfully updated!',
  archived: (n: number) => (n === 1 ? 'The project was archived.' : `${n} projects were archived.`),
  activated: (n: number) => (n === 1 ? 'The project was restored.' : `${n} projects were restored.`),
  hidden: (n: number) => (n === 1 ? 'The project was hidden.' : `${n} projects were hidden.`),
  unhidden: (n: number) => (n === 1 ? 'The project is visible again.' : `${n} projects are visible again.`),
  left: (n: number) => (n === 1 ? 'You left the project.' : `You left ${n} projects.`),
  priorityAdded: 'Rush priority flag added.',
  priorityRemoved: 'Rush priority flag removed.',
  ownershipTransferred: 'The project ownership was successfully transferred.',
  movedToWorkspace: (workspace: string) => `The project was moved to ${workspace}.`,
  ownerCannotLeave: 'The owner cannot leave the project. Transfer the ownership first.',
  notAMember: 'The new owner must be a member of the project.',
  cannotCreate: 'Only owners and members of the workspace can create projects.',
  invitationsSentTitle: 'Invitations Sent',
  invitationsSentBody: 'All emails will receive an invitation to join this project.',
  alreadyMember: (email: string) => `The user with email: ${email}, is already a member of this project.`,
  alreadyInvited: 'This person has already been invited.',
  roleNotAllowed: 'You cannot invite people with this role.',
  cannotInvite: 'Only members of the project can invite people.',
  userRemoved: 'User Removed',
  cannotRemove: 'You are not allowed to remove this member.',
  inviteDeleted: 'The pending invite has been successfully deleted.',
  generic: 'Oops, something went wrong! Try again.',
  genericLater: 'Oops, something went wrong! Please try again later.',
  folderCreated: 'The folder was successfully created.',
  folderRenamed: 'The folder name was successfully updated!',
  folderDeleted: 'The folder was successfully deleted.',
  foldersDeleted: 'The folders were successfully deleted.',
  labelCreated: 'The label was successfully created.',
  labelRenamed: 'The label was successfully updated!',
  labelDeleted: 'The label was successfully deleted.',
  dropOverlay: 'Upload to project or folder',
  shareTitle: 'Share a Public Link',
  shareDownloadWarning: 'Anyone with the link can download the most recent round of each asset.',
  shareCreated: 'The public link is ready to share.',
  shareRevoked: 'The public link was revoked. It no longer opens the project.',
  shareNotFound: 'This link is not available. It may have been revoked by the project owner.',
  shareExpired: 'This link has expired.',
  sharePasswordRequired: 'This link is protected by a password.',
  sharePasswordWrong: 'The password is incorrect.',
  invitationOtherEmail: 'This invitation was sent to another e-mail address.',
  invitationAccepted: 'This invitation has already been accepted.',
} as const;
