import type { ActivityLog, Pagination } from '@common/api/projects';
import { activitySentence } from '@common/activity';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { authorize } from '../../policies/projects';
import { presentPagination } from '../../presenters/pagination';
import { avatarUrl } from '../../presenters/user';
import type { ProjectAccess } from './projectAccess';

/** Reads a project's activity log a page at a time, newest first, each entry as a sentence. */
export class ActivityLogReader {
  constructor(
    private readonly uow: UnitOfWorkOf<'activityLogs'>,
    private readonly access: ProjectAccess,
  ) {}

  async page(
    userId: number,
    projectId: number,
    page: number,
    perPage: number,
  ): Promise<{ entries: ActivityLog[]; pagination: Pagination }> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'projects.see');
    const logs = this.uow.read.activityLogs;
    const total = await logs.countForProject(view.project.id);
    const rows = await logs.pageForProject(view.project.id, { limit: perPage, offset: (page - 1) * perPage });
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
        text: activitySentence(user?.name ?? guestNameOf(data), row.action, data),
        data,
        created_at: row.created_at,
      };
    });
    return { entries, pagination: presentPagination(page, perPage, total) };
  }
}

/** A guest of a review link has no user: the entry names them from its data, with the 'Guest' mark. */
function guestNameOf(data: Record<string, unknown>): string | null {
  return typeof data.guest_name === 'string' ? `${data.guest_name} (Guest)` : null;
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
