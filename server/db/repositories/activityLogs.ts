import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { ActivityLogsTable } from '../schema';

/** An entry with its author's name, e-mail and avatar (null when the author is gone or was the system). */
export type ActivityLogWithUser = Selectable<ActivityLogsTable> & {
  user_name: string | null;
  user_email: string | null;
  user_avatar_key: string | null;
};

export interface ActivityLogInsert {
  eventId: number;
  projectId: number;
  userId: number | null;
  action: string;
  objectType: string;
  objectId: number | null;
  data: Record<string, unknown>;
  createdAt: string;
}

/** The per-project activity log's rows. */
export class ActivityLogsRepository {
  constructor(private readonly db: Db) {}

  async countForProject(projectId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('activity_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** One page of the project's entries, newest first. */
  pageForProject(projectId: number, page: { limit: number; offset: number }): Promise<ActivityLogWithUser[]> {
    return this.db
      .selectFrom('activity_logs as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .selectAll('a')
      .select(['u.name as user_name', 'u.email as user_email', 'u.avatar_key as user_avatar_key'])
      .where('a.project_id', '=', projectId)
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /**
   * Writes the entries of events, each once (an event delivered again writes nothing), and moves
   * their projects' last activity: one insert, and one update per distinct time.
   */
  async insertForEvents(entries: ActivityLogInsert[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto('activity_logs')
      .values(
        entries.map((entry) => ({
          event_id: entry.eventId,
          project_id: entry.projectId,
          user_id: entry.userId,
          action: entry.action,
          object_type: entry.objectType,
          object_id: entry.objectId,
          data: JSON.stringify(entry.data),
          created_at: entry.createdAt,
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
    const projectsByTime = new Map<string, Set<number>>();
    for (const entry of entries) {
      const projects = projectsByTime.get(entry.createdAt) ?? new Set<number>();
      projects.add(entry.projectId);
      projectsByTime.set(entry.createdAt, projects);
    }
    for (const [at, projectIds] of projectsByTime)
      await this.db
        .updateTable('projects')
        .set({ last_activity_at: at })
        .where('id', 'in', [...projectIds])
        .where('last_activity_at', '<', at)
        .execute();
  }
}
