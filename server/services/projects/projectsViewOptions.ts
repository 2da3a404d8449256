import { projectsViewOptionsSchema, type ProjectsViewOptions } from '@common/api/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The project list's view options and manual order, kept per user (projects-side §3, §4). */
export class ProjectsViewOptionsService {
  constructor(private readonly uow: UnitOfWorkOf<'users'>) {}

  /** What the user saved, each option missing or no longer valid taking its default. */
  async get(userId: number): Promise<ProjectsViewOptions> {
    const stored = parseJson((await this.uow.read.users.preferencesOf(userId)).projects_view_options);
    const parsed = projectsViewOptionsSchema.safeParse(stored ?? {});
    return parsed.success ? parsed.data : projectsViewOptionsSchema.parse({});
  }

  async save(userId: number, options: ProjectsViewOptions): Promise<ProjectsViewOptions> {
    await this.uow.read.users.updatePreferences(userId, { projects_view_options: JSON.stringify(options) });
    return options;
  }

  async projectsOrder(userId: number): Promise<number[]> {
    const stored = parseJson((await this.uow.read.users.preferencesOf(userId)).projects_order);
    return Array.isArray(stored) ? stored.filter((v): v is number => Number.isInteger(v)) : [];
  }

  /** Saves the manual order, which switches the sort to Manual, ascending (§4). */
  async setProjectsOrder(userId: number, projectIds: number[]): Promise<ProjectsViewOptions> {
    const options = { ...(await this.get(userId)), sort: 'manual' as const, sort_ascending: true };
    await this.uow.read.users.updatePreferences(userId, {
      projects_order: JSON.stringify([...new Set(projectIds)]),
      projects_view_options: JSON.stringify(options),
    });
    return options;
  }
}
