import type { z } from 'zod';
import type { WorkspaceProject, workspaceProjectsQuerySchema } from '@common/api/projects';
import type { Db } from '../db/database';
import type { ProjectFactsRepository } from '../db/repositories/projectFacts';
import { presentWorkspaceProject } from '../presenters/project';
import type { WorkspaceView } from './workspaceAccess';

export type WorkspaceProjectsQuery = z.infer<typeof workspaceProjectsQuerySchema>;

const SORT_COLUMNS = {
  by_name: 'name_key',
  by_date_added: 'created_at',
  by_size: 'storage_used_in_bytes',
} as const;

/**
 * GET /workspaces/{id}/projects, the workspace's Projects tab: the owner and admins see every
 * project of the workspace, other members the ones they are members of.
 */
export class WorkspaceProjects {
  constructor(
    private readonly db: Db,
    private readonly facts: ProjectFactsRepository,
  ) {}

  async list(view: WorkspaceView, query: WorkspaceProjectsQuery): Promise<WorkspaceProject[]> {
    const userId = view.member.user_id;
    const everything = view.member.role === 'owner' || view.member.role === 'admin';
    const rows = await this.db
      .selectFrom('projects')
      .selectAll()
      .where('workspace_id', '=', view.workspace.id)
      .$if(!everything, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('project_members as pm')
              .select('pm.id')
              .whereRef('pm.project_id', '=', 'projects.id')
              .where('pm.user_id', '=', userId),
          ),
        ),
      )
      .orderBy(SORT_COLUMNS[query.sort], query.order)
      .orderBy('id', query.order)
      .execute();
    const members = await this.facts.members(rows.map((r) => r.id));
    return rows.map((row) =>
      presentWorkspaceProject(row, members.get(row.id) ?? [], view.facts.owner, userId),
    );
  }
}
