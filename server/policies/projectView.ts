import type { ProjectActor } from '@common/projectRoles';
import type { ProjectMemberRow, ProjectRow } from '../db/repositories/projects';

/** A project as one signed-in user may see it: their membership and what the policies need. */
export interface ProjectView {
  project: ProjectRow;
  userId: number;
  /** Undefined for a workspace owner who is not a member of the project. */
  member: ProjectMemberRow | undefined;
  actor: ProjectActor;
}
