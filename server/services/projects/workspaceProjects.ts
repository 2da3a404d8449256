import type { z } from 'zod';
import type { WorkspaceProject, workspaceProjectsQuerySchema } from '@common/api/projects';
import type { WorkspaceProjectsOrder } from '../../db/repositories/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { seesEveryWorkspaceProject } from '../../policies/workspaceProjects';
import { presentWorkspaceProject } from '../../presenters/project';
import type { WorkspaceAccess } from '../workspaces/workspaceAccess';

export type WorkspaceProjectsQuery = z.infer<typeof workspaceProjectsQuerySchema>;

const SORT_COLUMNS = {
  by_name: 'name_key',
  by_date_added: 'created_at',
  by_size: 'storage_used_in_bytes',
} as const satisfies Record<WorkspaceProjectsQuery['sort'], WorkspaceProjectsOrder>;

/**
 * GET /workspaces/{id}/projects, the workspace's Projects tab: the owner and admins see every
 * project of the workspace, other members the ones they are members of.
 */
export class WorkspaceProjects {
  constructor(
    private readonly uow: UnitOfWorkOf<'projectFacts' | 'projects'>,
    private readonly workspaceAccess: WorkspaceAccess,
  ) {}

  async list(
    userId: number,
    workspaceId: number,
    query: WorkspaceProjectsQuery,
  ): Promise<WorkspaceProject[]> {
    const view = await this.workspaceAccess.forMember(workspaceId, userId);
    const everything = seesEveryWorkspaceProject(view.member.role);
    const rows = await this.uow.read.projects.inWorkspace(view.workspace.id, {
      memberUserId: everything ? null : userId,
      orderBy: SORT_COLUMNS[query.sort],
      order: query.order,
    });
    const members = await this.uow.read.projectFacts.members(rows.map((r) => r.id));
    return rows.map((row) =>
      presentWorkspaceProject(row, members.get(row.id) ?? [], view.facts.owner, userId),
    );
  }
}
