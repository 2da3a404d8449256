import type { ProjectActor } from '@common/projectRoles';
import type { ProjectMemberRow, ProjectRow, ProjectsRepository } from '../db/repositories/projects';
import type { WorkspacesRepository } from '../db/repositories/workspaces';
import { notFound } from '../errors';

/** A project as one signed-in user may see it: their membership and what the policies need. */
export interface ProjectView {
  project: ProjectRow;
  userId: number;
  /** Undefined for a workspace owner who is not a member of the project. */
  member: ProjectMemberRow | undefined;
  actor: ProjectActor;
}

/**
 * The one door to a project for signed-in users: members and the owner of the project's
 * workspace get in; anyone else gets 404, so project ids cannot be probed (API.md).
 */
export class ProjectAccess {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly workspaces: WorkspacesRepository,
  ) {}

  async forUser(projectId: number, userId: number): Promise<ProjectView> {
    const project = await this.projects.findById(projectId);
    if (!project) throw notFound();
    const member = await this.projects.membership(project.id, userId);
    const workspace = await this.workspaces.findById(project.workspace_id);
    const isWorkspaceOwner = workspace?.owner_id === userId;
    if (!member && !isWorkspaceOwner) throw notFound();
    return { project, userId, member, actor: { role: member?.role ?? null, isWorkspaceOwner } };
  }

  /** Every project of `ids` the user may see; an id they may not see makes the whole call 404. */
  async manyForUser(ids: number[], userId: number): Promise<ProjectView[]> {
    const views: ProjectView[] = [];
    for (const id of [...new Set(ids)]) views.push(await this.forUser(id, userId));
    return views;
  }
}
