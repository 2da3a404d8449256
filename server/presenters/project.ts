import type { Label, Project, ProjectStatus, WorkspaceProject } from '@common/api/projects';
import { sortLabels } from '@common/labelColors';
import { can, PROJECT_ROLES, type ProjectActor, type ProjectRole } from '@common/projectRoles';
import type {
  LabelRow,
  ProjectFacts,
  ProjectFactsRepository,
  PersonRow,
  ProjectMemberFact,
  ProjectThumbnailFact,
} from '../db/repositories/projectFacts';
import type { ProjectRow } from '../db/repositories/projects';
import { sha256 } from '../secrets';
import { presentPerson, workspaceLogoUrl } from './workspace';

export function presentProjectRole(role: ProjectRole) {
  return { name: role, ...PROJECT_ROLES[role] };
}

export function projectCoverUrl(project: Pick<ProjectRow, 'id' | 'cover_key'>): string | null {
  return project.cover_key
    ? `/api/v1/projects/${project.id}/cover?v=${sha256(project.cover_key).slice(0, 12)}`
    : null;
}

/**
 * The address of the thumbnail that pictures a project without a cover: its own route, open to
 * whoever sees the project (its card), naming the round and its files' folder like renditionUrl.
 */
export function projectThumbnailUrl(
  projectId: number,
  fact: ProjectThumbnailFact | undefined,
): string | null {
  if (!fact) return null;
  const token = fact.thumbnailKey.split('/')[1] ?? '';
  return `/api/v1/projects/${projectId}/thumbnails/${fact.versionId}/${token}`;
}

export function parseLabelsOrder(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

/** A label as it reads inside one project: its position in that project's labels order. */
export function presentLabel(label: LabelRow, labelsOrder: number[]): Label {
  const position = labelsOrder.indexOf(label.id);
  return {
    id: label.id,
    name: label.name,
    custom: label.custom === 1,
    labellable_type: label.project_id === null ? 'Workspace' : 'Project',
    labellable_id: label.project_id ?? label.workspace_id,
    base_color: label.base_color,
    hover_color: label.hover_color,
    order: position === -1 ? null : position,
  };
}

function presentStatus(status: string, hidden: boolean): ProjectStatus {
  const archived = status === 'archived';
  if (hidden) return archived ? 'hidden_archived' : 'hidden';
  return archived ? 'archived' : 'active';
}

/** The one shape of a project for one user; `facts` comes from ProjectFactsRepository.load. */
export function presentProject(row: ProjectRow, facts: ProjectFacts, userId: number): Project {
  const members = facts.members.get(row.id) ?? [];
  const workspace = facts.workspaces.get(row.workspace_id);
  if (!workspace) throw new Error(`Project ${row.id} has no workspace ${row.workspace_id}`);
  const mine = members.find((m) => m.user.id === userId);
  const actor: ProjectActor = { role: mine?.role ?? null, isWorkspaceOwner: workspace.owner.id === userId };
  const owner = members.find((m) => m.role === 'owner')?.user ?? workspace.owner;
  const state = facts.states.get(row.id);
  const lastSeen = state?.last_seen_at ?? null;
  const othersActivityAt = facts.othersActivityAt.get(row.id);
  const assets = facts.assets.get(row.id);
  const labelsOrder = parseLabelsOrder(row.labels_order);
  const labels = sortLabels((facts.labels.get(row.id) ?? []).map((l) => presentLabel(l, labelsOrder)));
  const mayShare = can(actor, 'projects.share');
  const thumbnail = row.cover_key === null ? facts.thumbnails.get(row.id) : undefined;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    client_name: row.client_name,
    primary_contact: row.primary_contact,
    cover_url: projectCoverUrl(row),
    // Without a cover of its own the project is pictured by its first asset (asked only then).
    cover_id: thumbnail?.assetId ?? null,
    thumbnail_url: projectThumbnailUrl(row.id, thumbnail),
    status: presentStatus(row.status, Boolean(state?.hidden_at)),
    share_hash: mayShare ? row.share_hash : null,
    share_hash_downloadable: row.share_hash_downloadable === 1,
    share_show_comments: row.share_show_comments === 1,
    share_expires_at: mayShare ? row.share_expires_at : null,
    share_has_password: row.share_password_hash !== null,
    unresolved_comments_count: row.unresolved_comments_count,
    rush_priority: row.rush_priority_set_at !== null,
    rush_priority_set_at: row.rush_priority_set_at,
    current_user_role: actor.role ? presentProjectRole(actor.role) : null,
    current_user_is_workspace_owner: actor.isWorkspaceOwner,
    start_date: row.start_date,
    due_date: row.due_date,
    assets_start_retouched: row.assets_start_retouched === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_activity_at: row.last_activity_at,
    last_seen_at: lastSeen,
    workspace_id: row.workspace_id,
    label: labels[0] ?? null,
    labels,
    storage_used_in_bytes: Number(row.storage_used_in_bytes),
    owner: presentPerson(owner),
    users: members.map((m) => presentPerson(m.user)),
    folders_count: facts.foldersCount.get(row.id) ?? 0,
    assets_count: assets?.count ?? 0,
    is_new_for_current_user: lastSeen === null && row.created_by_id !== userId,
    // Only other people's changes are news: a user's own flag or rename is not.
    has_new_activity: lastSeen !== null && othersActivityAt !== undefined && othersActivityAt > lastSeen,
    has_new_assets: assets?.hasNew ?? false,
    has_assets_unseen_by_current_user: assets?.hasUnseen ?? false,
    has_new_comments: assets?.hasNewComments ?? false,
    has_newly_approved_comments: assets?.hasNewlyApprovedComments ?? false,
    has_newly_flagged_assets: assets?.hasNewlyFlagged ?? false,
    has_newly_approved_assets: assets?.hasNewlyApproved ?? false,
    has_new_tasks: assets?.hasNewTasks ?? false,
    workspace: {
      id: workspace.id,
      name: workspace.name,
      logo: workspaceLogoUrl(workspace),
      owner_id: workspace.owner.id,
      is_active: workspace.isActive,
    },
    labels_order: labelsOrder,
    unseen_notifications_count: assets?.unseenNotifications ?? 0,
    notifications_muted: Boolean(state?.notifications_muted_at),
  };
}

/** Presents projects for one user, their facts read in a batch whatever the number of projects. */
export class ProjectPresenter {
  constructor(private readonly facts: ProjectFactsRepository) {}

  async many(rows: ProjectRow[], userId: number): Promise<Project[]> {
    const facts = await this.facts.load(rows, userId);
    return rows.map((row) => presentProject(row, facts, userId));
  }

  async one(row: ProjectRow, userId: number): Promise<Project> {
    const [project] = await this.many([row], userId);
    return project!;
  }
}

/** An item of a workspace's Projects tab (account-side §3). */
export function presentWorkspaceProject(
  row: ProjectRow,
  members: ProjectMemberFact[],
  workspaceOwner: PersonRow,
  userId: number,
): WorkspaceProject {
  return {
    id: row.id,
    name: row.name,
    cover_image_url: projectCoverUrl(row),
    owner: presentPerson(members.find((m) => m.role === 'owner')?.user ?? workspaceOwner),
    users: members.map((m) => presentPerson(m.user)),
    created_at: row.created_at,
    storage_used_in_bytes: Number(row.storage_used_in_bytes),
    current_role_id: members.find((m) => m.user.id === userId)?.role ?? null,
  };
}
