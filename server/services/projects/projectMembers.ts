import type { ProjectMember } from '@common/api/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError } from '../../errors';
import { authorizeMemberRemoval, mayRemoveMember } from '../../policies/projectMembers';
import { presentProjectMember } from '../../presenters/projectMember';
import type { ProjectAccess } from './projectAccess';
import { projectEvent } from './projectEvents';

/** A project's members: listing them and removing one (projects-side §6 per-member permission). */
export class ProjectMemberService {
  constructor(
    private readonly uow: UnitOfWorkOf<'projectMembers'>,
    private readonly access: ProjectAccess,
  ) {}

  /** Every member, owner first, each with whether the caller may remove them. */
  async list(userId: number, projectId: number): Promise<ProjectMember[]> {
    const view = await this.access.forUser(projectId, userId);
    return (await this.uow.read.projectMembers.list(view.project.id)).map((m) =>
      presentProjectMember(m, mayRemoveMember(view, m.member)),
    );
  }

  /** Never yourself, never the owner, only members of equal or lower rank. */
  async remove(userId: number, projectId: number, memberId: number): Promise<void> {
    const view = await this.access.forUser(projectId, userId);
    const target = await this.uow.read.projectMembers.find(view.project.id, memberId);
    if (!target) throw new AppError(404, 'not_found_member', 'This member is not in the project.');
    authorizeMemberRemoval(view, target.member);
    await this.uow.transaction(async (tx) => {
      await tx.projectMembers.remove(target.member.id);
      await tx.record(
        projectEvent(view.project, view.userId, 'member.removed', {
          subject: { type: 'ProjectMember', id: target.member.id },
          data: { name: target.user.name, user_id: target.user.id },
        }),
      );
    });
  }
}
