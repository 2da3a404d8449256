import type { Db } from '../database';

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

  /** Writes the entry of an event once (a second delivery of the event writes nothing) and moves the project's last activity. */
  async insertForEvent(entry: ActivityLogInsert): Promise<void> {
    await this.db
      .insertInto('activity_logs')
      .values({
        event_id: entry.eventId,
        project_id: entry.projectId,
        user_id: entry.userId,
        action: entry.action,
        object_type: entry.objectType,
        object_id: entry.objectId,
        data: JSON.stringify(entry.data),
        created_at: entry.createdAt,
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
    await this.db
      .updateTable('projects')
      .set({ last_activity_at: entry.createdAt })
      .where('id', '=', entry.projectId)
      .where('last_activity_at', '<', entry.createdAt)
      .execute();
  }
}
