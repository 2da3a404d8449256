import type { ActivityLog, Pagination } from '@common/api/projects';
import { activitySentence } from '@common/activity';
import type { Db } from '../db/database';
import { authorize } from '../policies/projects';
import { presentPagination } from '../presenters/pagination';
import { avatarUrl } from '../presenters/user';
import type { ProjectView } from './projectAccess';

/** Reads a project's activity log a page at a time, newest first, each entry as a sentence. */
export class ActivityLogReader {
  constructor(private readonly db: Db) {}

  async page(
    view: ProjectView,
    page: number,
    perPage: number,
  ): Promise<{ entries: ActivityLog[]; pagination: Pagination }> {
    authorize(view, 'projects.see');
    const total = await this.db
      .selectFrom('activity_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', view.project.id)
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('activity_logs as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .selectAll('a')
      .select(['u.name as user_name', 'u.email as user_email', 'u.avatar_key as user_avatar_key'])
      .where('a.project_id', '=', view.project.id)
      .orderBy('a.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    const entries = rows.map((row): ActivityLog => {
      const data = parseData(row.data);
      const user =
        row.user_id !== null && row.user_name !== null && row.user_email !== null
          ? {
              id: row.user_id,
              name: row.user_name,
              email: row.user_email,
              avatar: avatarUrl({ id: row.user_id, avatar_key: row.user_avatar_key }),
            }
          : null;
      return {
        id: row.id,
        project_id: row.project_id,
        action: row.action,
        object_type: row.object_type,
        object_id: row.object_id,
        user,
        text: activitySentence(user?.name ?? null, row.action, data),
        data,
        created_at: row.created_at,
      };
    });
    return { entries, pagination: presentPagination(page, perPage, Number(total.n)) };
  }
}

function parseData(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
