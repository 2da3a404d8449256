import type { ProjectsRepository } from '../../db/repositories/projects';
import { notFound } from '../../errors';
import type { ProjectView } from '../../policies/projectView';

export type { ProjectView } from '../../policies/projectView';

/**
 * The one door to a project for signed-in users: members and the owner of the project's
 * workspace get in; anyone else gets 404, so project ids cannot be probed (API.md). Any number of
 * ids is checked in one query.
 */
export class ProjectAccess {
  constructor(private readonly projects: ProjectsRepository) {}

  async forUser(projectId: number, userId: number): Promise<ProjectView> {
    const [view] = await this.forMany([projectId], userId);
    if (!view) throw notFound();
    return view;
  }

  /**
   * Every project of `ids` (duplicates dropped, in their order) the user may see, in one query; an
   * id that does not exist or that they may not see makes the whole call 404, the same answer for
   * both.
   */
  async forMany(ids: readonly number[], userId: number): Promise<ProjectView[]> {
    const unique = [...new Set(ids)];
    const rows = new Map((await this.projects.accessFacts(unique, userId)).map((r) => [r.project.id, r]));
    return unique.map((id) => {
      const row = rows.get(id);
      const isWorkspaceOwner = row?.workspaceOwnerId === userId;
      if (!row || (!row.member && !isWorkspaceOwner)) throw notFound();
      const { project, member } = row;
      return { project, userId, member, actor: { role: member?.role ?? null, isWorkspaceOwner } };
    });
  }
}
