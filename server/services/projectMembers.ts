import type { ProjectMember } from '@common/api/projects';
import { PROJECT_TEXTS } from '@common/api/projects';
import { canRemoveProjectMember } from '@common/projectRoles';
import type { Db } from '../db/database';
import type { ProjectMembersRepository } from '../db/repositories/projectMembers';
import { AppError, forbidden } from '../errors';
import { presentProjectMember } from '../presenters/projectMember';
import type { ActivityLog } from './activityLog';
import type { ProjectView } from './projectAccess';

/** A project's members: listing them and removing one (projects-side §6 per-member permission). */
export class ProjectMemberService {
  constructor(
    private readonly db: Db,
    private readonly members: ProjectMembersRepository,
    private readonly activityLog: ActivityLog,
  ) {}

  /** Every member, owner first, each with whether the caller may remove them. */
  async list(view: ProjectView): Promise<ProjectMember[]> {
    const actor = { role: view.actor.role, userId: view.userId };
    return (await this.members.list(view.project.id)).map((m) =>
      presentProjectMember(
        m,
        canRemoveProjectMember(actor, { role: m.member.role, userId: m.member.user_id }),
      ),
    );
  }

  /** Never yourself, never the owner, only members of equal or lower rank. */
  async remove(view: ProjectView, memberId: number): Promise<void> {
    const target = await this.members.find(view.project.id, memberId);
    if (!target) throw new AppError(404, 'not_found_member', 'This member is not in the project.');
    const actor = { role: view.actor.role, userId: view.userId };
    if (!canRemoveProjectMember(actor, { role: target.member.role, userId: target.member.user_id }))
      throw forbidden(PROJECT_TEXTS.cannotRemove);
    await this.db.transaction().execute(async (trx) => {
      await this.members.remove(trx, target.member.id);
      await this.activityLog.record(trx, {
        projectId: view.project.id,
        userId: view.userId,
        action: 'member_removed',
        objectType: 'ProjectMember',
        objectId: target.member.id,
        data: { name: target.user.name, user_id: target.user.id },
      });
    });
  }
}
