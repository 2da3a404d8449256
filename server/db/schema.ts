import type { Generated } from 'kysely';

/**
 * Table definitions as Kysely sees them. Portable across SQLite and PostgreSQL:
 * timestamps are ISO 8601 strings (timestamptz in PostgreSQL, parsed back to strings),
 * booleans are 0/1 integers, lists are JSON text.
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Always lower case; unique. */
  email: string;
  password_hash: string;
  avatar_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserPreferencesTable {
  id: Generated<number>;
  user_id: number;
  is_2fa_enabled: Generated<number>;
  asset_downloads_resolution: Generated<string>;
  email_every: Generated<string>;
  /** JSON: {identifier: boolean}. */
  notification_alarms: Generated<string>;
  email_alarms: Generated<string>;
  /** JSON: number[]. */
  projects_order: Generated<string>;
  /** JSON: common/api/projects.ts projectsViewOptionsSchema. */
  projects_view_options: Generated<string>;
  /** JSON: common/api/assetLists.ts assetsViewOptionsSchema. */
  assets_view_options: Generated<string>;
  /** IANA name the browser reported, for the daily digest at 09:00 local time. */
  time_zone: Generated<string>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table cannot be replayed. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
  ip: string | null;
}

export interface AccessCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  eml_file: string;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_started_at: string;
  hits: number;
}

export interface AttemptThrottlesTable {
  key: string;
  failures: number;
  next_attempt_at: string;
  updated_at: string;
}

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  logo_key: string | null;
  owner_id: number;
  payment_customer_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceMembersTable {
  id: Generated<number>;
  workspace_id: number;
  user_id: number;
  /** owner, admin, collaborator or limited (common/workspaceRoles.ts). */
  role: string;
  created_at: string;
}

export interface WorkspaceInvitationsTable {
  id: Generated<number>;
  workspace_id: number;
  email: string;
  role: string;
  message: string | null;
  hash: string;
  invited_by_id: number | null;
  accepted_at: string | null;
  created_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  workspace_id: number;
  /** A price id of the catalogue (server/billing/pricing-plans.json). */
  price_id: number;
  active: number;
  cancel_at_period_end: Generated<number>;
  billing_period_started_at: string | null;
  billing_period_ends_at: string | null;
  last_payment_succeeded: Generated<number>;
  downgrade_price_id: number | null;
  free_trial_expires_at: string | null;
  billing_claimed_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionAddOnsTable {
  id: Generated<number>;
  subscription_id: number;
  add_on_price_id: number;
  quantity: number;
  created_at: string;
}

export interface BillingInformationTable {
  workspace_id: number;
  country: string;
  state: string;
  postal_code: string;
  address: string;
  city: string;
  company_name: string | null;
  updated_at: string;
}

export interface PaymentMethodsTable {
  workspace_id: number;
  provider_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  billing_name: string | null;
  billing_country: string | null;
  billing_postal_code: string | null;
  updated_at: string;
}

export interface InvoicesTable {
  id: Generated<number>;
  workspace_id: number;
  detail: string;
  /** Cents. */
  amount: number;
  /** paid, failed or open. */
  status: string;
  /** JSON: [{description, amount}]. */
  lines: string;
  provider_payment_id: string | null;
  failure_code: string | null;
  /** Set on a charge for one billing period: a resumed run finds the same invoice. */
  period_key: string | null;
  created_at: string;
}

export interface SandboxPaymentMethodsTable {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  cardholder_name: string;
  /** succeed, card_declined, invalid_card or processing_error: what charging it does. */
  behaviour: string;
  created_at: string;
}

export interface SandboxChargesTable {
  id: Generated<number>;
  payment_method_id: string;
  amount: number;
  description: string;
  idempotency_key: string;
  status: string;
  created_at: string;
}

export interface UserDismissalsTable {
  user_id: number;
  key: string;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  /** lower(trim(name)); unique within the workspace. */
  name_key: string;
  description: string | null;
  client_name: string | null;
  primary_contact: string | null;
  cover_key: string | null;
  /** active or archived. */
  status: Generated<string>;
  /** YYYY-MM-DD. */
  start_date: string | null;
  due_date: string | null;
  assets_start_retouched: Generated<number>;
  rush_priority_set_at: string | null;
  /** The public link's hash (128+ random bits, base64url); null when not shared. */
  share_hash: string | null;
  share_hash_downloadable: Generated<number>;
  /** 1 when the link's viewers see the team's comments (off by default). */
  share_show_comments: Generated<number>;
  /** scrypt hash of the link's optional password. */
  share_password_hash: string | null;
  share_expires_at: string | null;
  /** JSON: label ids in the project's order. */
  labels_order: Generated<string>;
  unresolved_comments_count: Generated<number>;
  /** bigint: PostgreSQL answers it as a string; read it with Number(). */
  storage_used_in_bytes: Generated<number | string>;
  created_by_id: number | null;
  last_activity_at: string;
  created_at: string;
  updated_at: string;
}

export interface ProjectMembersTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  /** owner, collaborator or viewer (common/projectRoles.ts). */
  role: string;
  created_at: string;
}

export interface ProjectInvitationsTable {
  id: Generated<number>;
  project_id: number;
  email: string;
  role: string;
  message: string | null;
  /** SHA-256 of the e-mailed token. */
  hash: string;
  invited_by_id: number | null;
  accepted_at: string | null;
  created_at: string;
}

export interface ProjectUserStatesTable {
  project_id: number;
  user_id: number;
  last_seen_at: string | null;
  hidden_at: string | null;
  /** Set while the member has muted the project: no notifications or e-mails but mentions. */
  notifications_muted_at: string | null;
}

export interface FoldersTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_key: string;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface AssetsTable {
  id: Generated<number>;
  project_id: number;
  folder_id: number | null;
  /** The folder id, or 0 for the project's root: names are unique per place. */
  place_key: number;
  name: string;
  name_key: string;
  kind: 'image' | 'document';
  current_version_id: number | null;
  versions_count: Generated<number>;
  approve: Generated<'pending' | 'confirmed'>;
  rush_priority_set_at: string | null;
  unresolved_comments_count: Generated<number>;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
  last_activity_at: string;
  label_id: number | null;
  /** The manual order (set_assets_order); null until set. */
  position: number | null;
  /** The current round's number and detected file type, kept here for sorting. */
  round_number: Generated<number>;
  file_type: Generated<string>;
  /** When each change last happened and who made it: the members' "new" marks compare them. */
  round_added_at: string | null;
  round_added_by_id: number | null;
  name_changed_at: string | null;
  name_changed_by_id: number | null;
  label_changed_at: string | null;
  label_changed_by_id: number | null;
  approve_changed_at: string | null;
  approve_changed_by_id: number | null;
  rush_changed_by_id: number | null;
  /** Markup numbers given on the asset so far (the next comment with markup takes one more). */
  markup_numbers_used: Generated<number>;
}

/** When each member last saw each asset (POST /assets/{id}/last_seen). */
export interface AssetUserStatesTable {
  asset_id: number;
  user_id: number;
  last_seen_at: string;
}

/** A comment or reply (parent_id set) on an asset's round (issue 12). */
export interface CommentsTable {
  id: Generated<number>;
  project_id: number;
  asset_id: number;
  version_id: number;
  round_number: number;
  user_id: number | null;
  /** The guest who wrote it through a review link (user_id null then); migration 20261129000000. */
  guest_id: Generated<number | null>;
  parent_id: number | null;
  text: string;
  /** JSON list of line shapes. */
  markup: Generated<string>;
  markup_number: number | null;
  /** How many points its markup's shapes have (MARKUP_ASSET_POINTS_MAX sums them per asset); 0 without markup. */
  markup_points: Generated<number>;
  /** The page of a document the comment is on (1-based); null for images and global comments. */
  page: Generated<number | null>;
  global_comment: Generated<number>;
  is_edited: Generated<number>;
  completed_at: string | null;
  /** Who completed it (null while open, and when that user is gone). */
  completed_by_id: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface CommentFilesTable {
  id: Generated<number>;
  comment_id: number;
  project_id: number;
  name: string;
  content_type: string;
  /** bigint: a string on PostgreSQL. */
  size_bytes: number | string;
  storage_key: string;
  created_at: string;
}

/** When each member last saw an asset's comments (POST /assets/{id}/comments/last_seen). */
export interface CommentUserStatesTable {
  asset_id: number;
  user_id: number;
  last_seen_at: string;
}

export interface AssetVersionsTable {
  id: Generated<number>;
  asset_id: number;
  project_id: number;
  number: number;
  uploader_id: number | null;
  file_name: string;
  file_type: string;
  /** bigint: a string on PostgreSQL. */
  size_bytes: number | string;
  original_key: string;
  preview_state: Generated<'processing' | 'ready' | 'failed'>;
  preview_error: string | null;
  width: number | null;
  height: number | null;
  page_count: number | null;
  thumbnail_key: string | null;
  preview_key: string | null;
  preview_content_type: string | null;
  low_res_key: string | null;
  lqip: string | null;
  tiles_key: string | null;
  created_at: string;
  updated_at: string;
}

export type AssetUploadStatus = 'uploading' | 'creating' | 'done' | 'failed';

export interface AssetUploadsTable {
  id: string;
  user_id: number;
  project_id: number;
  workspace_id: number;
  folder_id: number | null;
  asset_id: number | null;
  place_key: number;
  file_name: string;
  reserved_name_key: string | null;
  size_bytes: number | string;
  status: AssetUploadStatus;
  result_asset_id: number | null;
  result_version_id: number | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

export interface UploadLocksTable {
  upload_id: string;
  holder: string;
  expires_at_ms: number | string;
  release_requested: number;
}

export interface LabelsTable {
  id: Generated<number>;
  workspace_id: number;
  /** Set for a project's own label (labellable_type Project); null for a workspace label. */
  project_id: number | null;
  name: string;
  custom: Generated<number>;
  base_color: string;
  hover_color: string;
  created_at: string;
}

export interface ProjectLabelsTable {
  project_id: number;
  label_id: number;
  created_at: string;
}

/** A view-only or review link to a project, a folder or a selection (issue 26); migration 20261129000000. */
export interface ShareLinksTable {
  id: Generated<number>;
  project_id: number;
  hash: string;
  /** 'view' or 'review' (common/api/shareLinks.ts). */
  kind: string;
  /** 'project', 'folder' or 'assets'. */
  scope: string;
  folder_id: number | null;
  downloadable: Generated<number>;
  show_comments: Generated<number>;
  password_hash: string | null;
  expires_at: string | null;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The assets of a link whose scope is 'assets'. */
export interface ShareLinkAssetsTable {
  link_id: number;
  asset_id: number;
}

/** Someone reviewing through a review link: a name, an optional e-mail, a token only their browser holds. */
export interface GuestsTable {
  id: Generated<number>;
  project_id: number;
  /** Null once the link is revoked: the guest's calls are refused, what they wrote stays. */
  link_id: number | null;
  name: string;
  email: string | null;
  /** sha256 of the guest's token. */
  token_hash: string;
  created_at: string;
  last_seen_at: string;
}

/** A member's or a guest's own decision on one round of an asset. */
export interface AssetDecisionsTable {
  id: Generated<number>;
  project_id: number;
  asset_id: number;
  version_id: number;
  user_id: number | null;
  guest_id: number | null;
  /** 'approved' or 'changes_requested'. */
  decision: string;
  created_at: string;
  updated_at: string;
}

export interface ActivityLogsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number | null;
  action: string;
  object_type: string;
  object_id: number | null;
  /** JSON object. */
  data: Generated<string>;
  created_at: string;
  /** The domain event the entry was written for (null for entries older than events). */
  event_id: number | null;
}

/** A member's notification (projects-side §3), made from a committed event; migration 20261128200000. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  event_id: number;
  actor_id: number | null;
  /** common/api/notifications.ts NotificationKind. */
  kind: string;
  title: string;
  message: string;
  asset_id: number | null;
  /** Asset, Project or Comment. */
  related_object_type: string;
  related_object_id: number;
  related_parent_id: number | null;
  url: string;
  quoted_comment: string | null;
  created_at: string;
  seen_at: string | null;
  opened_at: string | null;
  pinned_at: string | null;
  emailed_at: string | null;
  /** The digest that carries it by e-mail (set with emailed_at); null when it was not mailed. */
  digest_id: number | null;
}

/** One e-mail of new notifications to one user about one project; migration 20261128210000. */
export interface NotificationDigestsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  /** 'digest' or 'mention'. */
  kind: string;
  created_at: string;
  /** The lease of the send in progress. */
  sending_until: string | null;
  sent_at: string | null;
}

/** How far the recurring digest run has looked for users' slots. */
export interface NotificationDigestRunsTable {
  name: string;
  covered_until: string;
}

/** Who is looking at an asset, until `expires_at` (presence, issue 24). */
export interface AssetViewersTable {
  id: Generated<number>;
  asset_id: number;
  project_id: number;
  user_id: number;
  joined_at: string;
  expires_at: string;
}

export interface DomainEventsTable {
  id: Generated<number>;
  type: string;
  workspace_id: number | null;
  project_id: number | null;
  actor_id: number | null;
  subject_type: string | null;
  subject_id: number | null;
  /** JSON object. */
  data: Generated<string>;
  occurred_at: string;
  claimed_until: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  handled_at: string | null;
}

export type JobStateColumn = 'queued' | 'active' | 'completed' | 'failed';

/** The embedded queue's jobs (server/adapters/queue/embeddedQueue.ts). */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON object. */
  payload: string;
  state: JobStateColumn;
  /** Unique per name among queued and active jobs. */
  singleton_key: string | null;
  /** Runs so far (a run starts when the job is claimed). */
  attempts: Generated<number>;
  retry_limit: number;
  retry_delay_seconds: number;
  time_limit_seconds: number;
  /** Not run before this time. */
  run_at: string;
  /** While active: when another process may take the job back (its runner died). */
  lease_until: string | null;
  /** While active: the process running it (server/processIdentity.ts OwnerKey). */
  lease_owner: Generated<string | null>;
  last_error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** Cron schedules of the embedded queue: the slot each fires next. */
export interface JobSchedulesTable {
  name: string;
  cron: string;
  /** JSON object. */
  payload: string;
  next_run_at: string;
}

/** A project's task (projects-side §3). */
export interface TasksTable {
  id: Generated<number>;
  project_id: number;
  author_id: number | null;
  text: string;
  /** The calendar day 'YYYY-MM-DD' (a PostgreSQL date; read it through the tasks repository). */
  due_date: string;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Who is responsible for a task; position 0 is the assignee. */
export interface TaskResponsiblesTable {
  task_id: number;
  user_id: number;
  position: number;
}

export interface Database {
  users: UsersTable;
  user_preferences: UserPreferencesTable;
  sessions: SessionsTable;
  access_codes: AccessCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  attempt_throttles: AttemptThrottlesTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  subscriptions: SubscriptionsTable;
  subscription_add_ons: SubscriptionAddOnsTable;
  billing_information: BillingInformationTable;
  payment_methods: PaymentMethodsTable;
  invoices: InvoicesTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_charges: SandboxChargesTable;
  user_dismissals: UserDismissalsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  project_invitations: ProjectInvitationsTable;
  project_user_states: ProjectUserStatesTable;
  folders: FoldersTable;
  assets: AssetsTable;
  asset_user_states: AssetUserStatesTable;
  asset_versions: AssetVersionsTable;
  asset_uploads: AssetUploadsTable;
  comments: CommentsTable;
  comment_files: CommentFilesTable;
  comment_user_states: CommentUserStatesTable;
  labels: LabelsTable;
  project_labels: ProjectLabelsTable;
  activity_logs: ActivityLogsTable;
  domain_events: DomainEventsTable;
  notifications: NotificationsTable;
  notification_digests: NotificationDigestsTable;
  notification_digest_runs: NotificationDigestRunsTable;
  asset_viewers: AssetViewersTable;
  upload_locks: UploadLocksTable;
  share_links: ShareLinksTable;
  share_link_assets: ShareLinkAssetsTable;
  guests: GuestsTable;
  asset_decisions: AssetDecisionsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  tasks: TasksTable;
  task_responsibles: TaskResponsiblesTable;
}
