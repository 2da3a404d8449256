import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';

/** A project one user may see, with what decides which of its news reach them. */
export interface VisibleProject {
  projectId: number;
  workspaceId: number;
  userId: number;
  /** Their project role; null for the workspace owner who is not a member. */
  role: ProjectRole | null;
  isWorkspaceOwner: boolean;
}

/** What a notification message of the live stream carries. */
export interface LiveNotificationRow {
  id: number;
  event_id: number;
  user_id: number;
  project_id: number;
  kind: string;
}

/**
 * The reads of the live stream (server/services/live/): who may see which project, the
 * notifications made from events, and which round a comment is on. Each is one query however many
 * streams are open.
 */
export class LiveFactsRepository {
  constructor(private readonly db: Db) {}

  /** Every project the user is a member of or whose workspace they own. */
  async visibleTo(userId: number): Promise<VisibleProject[]> {
    const rows = await this.db
      .selectFrom('projects as p')
      .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
      .leftJoin('project_members as pm', (join) =>
        join.onRef('pm.project_id', '=', 'p.id').on('pm.user_id', '=', userId),
      )
      .select(['p.id as project_id', 'p.workspace_id', 'w.owner_id', 'pm.role'])
      .where((eb) => eb.or([eb('pm.id', 'is not', null), eb('w.owner_id', '=', userId)]))
      .execute();
    return rows.map((r) => ({
      projectId: r.project_id,
      workspaceId: r.workspace_id,
      userId,
      role: (r.role as ProjectRole | null) ?? null,
      isWorkspaceOwner: r.owner_id === userId,
    }));
  }

  /** Everyone who may see these projects (their members and their workspaces' owners), in two queries. */
  async audience(projectIds: readonly number[]): Promise<VisibleProject[]> {
    if (projectIds.length === 0) return [];
    const ids = [...projectIds];
    const [members, owners] = await Promise.all([
      this.db
        .selectFrom('project_members as pm')
        .innerJoin('projects as p', 'p.id', 'pm.project_id')
        .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
        .select(['pm.project_id', 'pm.user_id', 'pm.role', 'p.workspace_id', 'w.owner_id'])
        .where('pm.project_id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('projects as p')
        .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
        .select(['p.id as project_id', 'p.workspace_id', 'w.owner_id'])
        .where('p.id', 'in', ids)
        .execute(),
    ]);
    const result: VisibleProject[] = members.map((m) => ({
      projectId: m.project_id,
      workspaceId: m.workspace_id,
      userId: m.user_id,
      role: m.role as ProjectRole,
      isWorkspaceOwner: m.owner_id === m.user_id,
    }));
    const memberKeys = new Set(members.map((m) => `${m.project_id}:${m.user_id}`));
    for (const p of owners)
      if (!memberKeys.has(`${p.project_id}:${p.owner_id}`))
        result.push({
          projectId: p.project_id,
          workspaceId: p.workspace_id,
          userId: p.owner_id,
          role: null,
          isWorkspaceOwner: true,
        });
    return result;
  }

  /** The notifications made from these events (for their recipients' streams). */
  async notificationsOf(eventIds: readonly number[]): Promise<LiveNotificationRow[]> {
    if (eventIds.length === 0) return [];
    return this.db
      .selectFrom('notifications')
      .select(['id', 'event_id', 'user_id', 'project_id', 'kind'])
      .where('event_id', 'in', [...eventIds])
      .orderBy('id')
      .execute();
  }

  /**
   * The current round of each asset, and of each comment still there its round and the guest who
   * wrote it (null for a member's): the comments of the events and the first comments of their threads.
   */
  async rounds(
    assetIds: readonly number[],
    commentIds: readonly number[],
  ): Promise<{
    currentRound: Map<number, number | null>;
    commentRound: Map<number, number>;
    commentGuest: Map<number, number | null>;
  }> {
    const [assets, comments] = await Promise.all([
      assetIds.length
        ? this.db
            .selectFrom('assets')
            .select(['id', 'current_version_id'])
            .where('id', 'in', [...assetIds])
            .execute()
        : [],
      commentIds.length
        ? this.db
            .selectFrom('comments')
            .select(['id', 'version_id', 'guest_id'])
            .where('id', 'in', [...new Set(commentIds)])
            .execute()
        : [],
    ]);
    return {
      currentRound: new Map(assets.map((a) => [a.id, a.current_version_id])),
      commentRound: new Map(comments.map((c) => [c.id, c.version_id])),
      commentGuest: new Map(comments.map((c) => [c.id, c.guest_id])),
    };
  }

  /** The folder of each asset that still exists (null at the project's root). */
  async assetFolders(assetIds: readonly number[]): Promise<Map<number, number | null>> {
    if (assetIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('assets')
      .select(['id', 'folder_id'])
      .where('id', 'in', [...assetIds])
      .execute();
    return new Map(rows.map((r) => [r.id, r.folder_id]));
  }
}
