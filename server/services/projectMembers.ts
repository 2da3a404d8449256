import type { ProjectMember } from '@common/api/projects';
import { PROJECT_TEXTS } from '@common/api/projects';
import { canRemoveProjectMember } from '@common/projectRoles';
import type { UnitOfWork } from '../db/unitOfWork';
import { AppError, forbidden } from '../errors';
import { presentProjectMember } from '../presenters/projectMember';
import type { ProjectView } from './projectAccess';
import { projectEvent } from './projectEvents';

/** A project's members: listing them and removing one (projects-side §6 per-member permission). */
export class ProjectMemberService {
  constructor(private readonly uow: UnitOfWork) {}

  /** Every member, owner first, each with whether the caller may remove them. */
  async list(view: ProjectView): Promise<ProjectMember[]> {
    const actor = { role: view.actor.role, userId: view.userId };
    return (await this.uow.read.projectMembers.list(view.project.id)).map((m) =>
      presentProjectMember(
        m,
        canRemoveProjectMember(actor, { role: m.member.role, userId: m.member.user_id }),
      ),
    );
  }

  /** Never yourself, never the owner, only members of equal or lower rank. */
  async remove(view: ProjectView, memberId: number): Promise<void> {
    const target = await this.uow.read.projectMembers.find(view.project.id, memberId);
    if (!target) throw new AppError(404, 'not_found_member', 'This member is not in the project.');
    const actor = { role: view.actor.role, userId: view.userId };
    if (!canRemoveProjectMember(actor, { role: target.member.role, userId: target.member.user_id }))
      throw forbidden(PROJECT_TEXTS.cannotRemove);
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
