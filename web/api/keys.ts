/**
 * Query keys of every server resource the web app caches, in one place: each feature reads its
 * keys from here (and re-exports them), so a live event names what it refreshes through `queryKeys`.
 * Keys nest: a project's lists, folders, tasks and activity sit under `projectKeys.detail(id)`, a
 * workspace's members, invites and billing under `workspaceKeys.scope(id)`.
 */
/** Workspaces the signed-in user belongs to, and everything cached under one of them. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  mine: ['workspaces', 'mine'] as const,
  one: (id: number) => ['workspaces', id] as const,
  /** Prefix of everything cached under one workspace (members, invites, billing, …). */
  scope: (id: number) => ['workspaces', id] as const,
};

/**
 * Query keys of the project side. Every key starts with 'projects', so invalidating
 * `projectKeys.all` refreshes lists and single projects alike. features/projects/api/project.ts (one
 * project: get, patch, cover) uses `projectKeys.detail`.
 */
export const projectKeys = {
  all: ['projects'] as const,
  lists: ['projects', 'list'] as const,
  list: (scope: 'active' | 'archived' | 'hidden', query: object) =>
    ['projects', 'list', scope, query] as const,
  detail: (id: number) => ['projects', id] as const,
  members: (id: number) => ['projects', id, 'members'] as const,
  viewOptions: ['projects', 'view_options'] as const,
  workspaceLabels: (workspaceId: number) => [...workspaceKeys.scope(workspaceId), 'labels'] as const,
};

/** Folders of a project (projects-side §7 'Folders and labels'). */
export const folderKeys = {
  list: (projectId: number) => [...projectKeys.detail(projectId), 'folders'] as const,
  one: (projectId: number, folderId: number) =>
    [...projectKeys.detail(projectId), 'folders', folderId] as const,
};

export const assetKeys = {
  /** Every asset list of a project; under the project's key, so invalidating it refreshes them too. */
  lists: (projectId: number) => [...projectKeys.detail(projectId), 'assets'] as const,
  /** The lists of the project's root or of one folder, whatever their sort and filters. */
  list: (projectId: number, folderId: number | null) =>
    [...assetKeys.lists(projectId), folderId ?? 'root'] as const,
  page: (projectId: number, folderId: number | null, params: object) =>
    [...assetKeys.list(projectId, folderId), params] as const,
  one: (assetId: number) => ['assets', assetId] as const,
};

export const activityKeys = {
  list: (projectId: number) => [...projectKeys.detail(projectId), 'activity'] as const,
};

/** A project's tasks (projects-side §7 'Tasks'): the tasks panel's list and its changes. */
export const taskKeys = {
  list: (projectId: number) => [...projectKeys.detail(projectId), 'tasks'] as const,
};

/**
 * Members, pending invitations and invitation links of a project (projects-side §7 'Members and
 * invitations'). The members list itself is `useProjectMembers` in projects.ts.
 */
export const projectInviteKeys = {
  pending: (projectId: number) => [...projectKeys.detail(projectId), 'invites'] as const,
  byHash: (hash: string, email: string | null) => ['project_invitations', hash, email] as const,
};

/**
 * Comments of an asset's round (projects-side §4, §7 'Comments'). The round's list is read once
 * (filter 'all') and filtered on screen, so the unresolved count and both filters agree. Creation
 * and completion show at once and are put right by the server's answer.
 */
export const commentKeys = {
  /** Under the asset's key: reading the asset again reads its comments again. */
  asset: (assetId: number) => [...assetKeys.one(assetId), 'comments'] as const,
  round: (assetId: number, roundNumber: number) => [...commentKeys.asset(assetId), roundNumber] as const,
};

/**
 * Feedback carried between rounds: the open comments of earlier rounds the current round waits on
 * (GET /assets/{id}/carried_comments), each settled as fixed (mark_as_completed) or carried over
 * (POST /comments/{id}/carry_over). Both leave the checklist at once and come back if the call fails.
 */
export const carriedKeys = {
  /** Under the asset's comments, so reading them again reads these too; a new round reads anew. */
  asset: (assetId: number, versionId: number) =>
    [...commentKeys.asset(assetId), 'carried', versionId] as const,
};

/**
 * Public links (API.md 'Sharing'): members create and revoke them; anonymous viewers read the
 * shared project through the server's one share-access check. Shared calls never answer 401,
 * so a viewer without an account is never sent to /login.
 */
export const sharedKeys = {
  all: (hash: string) => ['shared', hash] as const,
  project: (hash: string) => ['shared', hash, 'project'] as const,
  folder: (hash: string, folderId: number) => ['shared', hash, 'folders', folderId] as const,
};

/** Members, pending invitations and invitation links of a workspace (account-side §2, §7). */
export const memberKeys = {
  members: (workspaceId: number, scope: 'all' | 'collaborators') =>
    [...workspaceKeys.scope(workspaceId), 'members', scope] as const,
  allMembers: (workspaceId: number) => [...workspaceKeys.scope(workspaceId), 'members'] as const,
  invites: (workspaceId: number) => [...workspaceKeys.scope(workspaceId), 'invites'] as const,
  invitation: (hash: string, email: string | null) => ['workspace_invitations', hash, email] as const,
};

/**
 * Plans, subscriptions, add-ons and billing data (account-side §7). Everything cached about one
 * workspace sits under its `workspaceKeys.scope`, so refreshing workspaces refreshes it too.
 */
export const billingKeys = {
  plans: ['pricing_plans'] as const,
  addOns: (planId: number) => ['pricing_plans', planId, 'add_ons'] as const,
  billingInformation: (workspaceId: number) =>
    [...workspaceKeys.scope(workspaceId), 'billing_information'] as const,
  paymentMethod: (workspaceId: number) => [...workspaceKeys.scope(workspaceId), 'payment_method'] as const,
  invoices: (workspaceId: number) => [...workspaceKeys.scope(workspaceId), 'invoices'] as const,
  invoice: (invoiceId: number) => ['invoices', invoiceId] as const,
};

export const dismissalKeys = { all: ['user_dismissals'] as const };

/** A public link's assets: under the link's key. */
export const sharedAssetKeys = {
  /** Every asset list of the link (root and folders). */
  lists: (hash: string) => [...sharedKeys.all(hash), 'assets'] as const,
  list: (hash: string, folderId: number | null) =>
    [...sharedKeys.all(hash), 'assets', folderId ?? 'root'] as const,
  one: (hash: string, assetId: number) => [...sharedKeys.all(hash), 'asset', assetId] as const,
};

/**
 * Notifications (projects-side §2, §7): every notification query sits under `all`, so a live
 * `notification.created` refreshes them all at once; `project(id)` is one project's list (its
 * pages, filters and sort below it), `unseen` what the bell and the project strip count.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  project: (projectId: number) => ['notifications', 'projects', projectId] as const,
  unseen: ['notifications', 'unseen'] as const,
};

/**
 * Who else is looking at an asset (presence, issue 24 item 5): the answer of PUT
 * /assets/{id}/viewers and of each live `asset.viewers_changed`. Not under the asset's key, so
 * reading the asset again never sends a heartbeat.
 */
export const assetViewerKeys = {
  asset: (assetId: number) => ['asset_viewers', assetId] as const,
};

export const queryKeys = {
  status: ['status'] as const,
  me: ['users', 'me'] as const,
  notificationsPreferences: ['notifications_preferences'] as const,
  outbox: ['dev', 'outbox'] as const,
  workspaces: workspaceKeys,
  members: memberKeys,
  billing: billingKeys,
  dismissals: dismissalKeys,
  projects: projectKeys,
  projectInvites: projectInviteKeys,
  activity: activityKeys,
  folders: folderKeys,
  assets: assetKeys,
  comments: commentKeys,
  carried: carriedKeys,
  tasks: taskKeys,
  shared: sharedKeys,
  sharedAssets: sharedAssetKeys,
  notifications: notificationKeys,
  assetViewers: assetViewerKeys,
};
