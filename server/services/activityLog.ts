import type { Updateable } from 'kysely';
import type { ActivityAction, ActivityData, ActivityObjectType } from '@common/activity';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { ProjectRow } from '../db/repositories/projects';
import type { ProjectsTable } from '../db/schema';
import type { ProjectView } from './projectAccess';

export interface ActivityEntry {
  projectId: number;
  /** Null for what the system does by itself. */
  userId: number | null;
  action: ActivityAction;
  objectType: ActivityObjectType;
  objectId?: number | null;
  data?: ActivityData;
}

/**
 * The per-project activity log. Services record inside their own transaction, so an entry exists
 * exactly when its change does; recording also moves the project's last activity time.
 */
export class ActivityLog {
  constructor(private readonly clock: Clock) {}

  async record(trx: Db, entry: ActivityEntry): Promise<void> {
    const now = this.clock.now().toISOString();
    await trx
      .insertInto('activity_logs')
      .values({
        project_id: entry.projectId,
        user_id: entry.userId,
        action: entry.action,
        object_type: entry.objectType,
        object_id: entry.objectId ?? null,
        data: JSON.stringify(entry.data ?? {}),
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('projects')
      .set({ last_activity_at: now })
      .where('id', '=', entry.projectId)
      .execute();
  }

  /** Sets columns of the viewed project and logs it as the viewer's doing, in one transaction. */
  async changeProject(
    db: Db,
    view: ProjectView,
    changes: Updateable<ProjectsTable>,
    activity: { action: ActivityAction; data?: ActivityData },
  ): Promise<ProjectRow> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('projects')
        .set({ ...changes, updated_at: this.clock.now().toISOString() })
        .where('id', '=', view.project.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.record(trx, {
        projectId: view.project.id,
        userId: view.userId,
        objectType: 'Project',
        objectId: view.project.id,
        ...activity,
      });
      return row;
    });
  }
}
