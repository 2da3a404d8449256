import type { Project } from '@common/api/projects';
import type { ProjectPresenter } from '../../presenters/project';
import type { ProjectAccess } from './projectAccess';

/**
 * The answer of a call that reads or changes one project: the project as the caller sees it now,
 * let in again (404 once it is no longer theirs) and presented with its facts.
 */
export class ProjectAnswer {
  constructor(
    private readonly access: ProjectAccess,
    private readonly presenter: ProjectPresenter,
  ) {}

  async asSeenBy(userId: number, projectId: number): Promise<Project> {
    const { project } = await this.access.forUser(projectId, userId);
    return this.presenter.one(project, userId);
  }
}
