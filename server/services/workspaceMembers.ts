import type { WorkspaceMember } from '@common/api/workspaces';
import {
  canEditRole,
  canListAllMembers,
  canRemoveMember,
  takesSeat,
  type WorkspaceRole,
} from '@common/workspaceRoles';
import type { Db } from '../db/database';
import type { MemberWithUser, WorkspaceMembersRepository } from '../db/repositories/workspaceMembers';
import { AppError, forbidden } from '../errors';
import { presentMember } from '../presenters/workspaceMember';
import type { MemberProjects } from './memberProjects';
import type { WorkspaceView } from './workspaceAccess';
import { requireActive, requireSeat } from './workspaceLimits';

export const MEMBER_NOT_FOUND = 'This person is not a member of the workspace.';

/** 404 not_found_member (account-side §8): the member id is not one of this workspace's members. */
export const notFoundMember = () => new AppError(404, 'not_found_member', MEMBER_NOT_FOUND);

/** Listing members, changing their role and removing them, by the rules of account-side §5–6. */
export class WorkspaceMemberService {
  constructor(
    private readonly db: Db,
    private readonly members: WorkspaceMembersRepository,
    private readonly projects: MemberProjects,
  ) {}

  /** Owner and admin see everyone; the other roles see only collaborators. */
  async list(view: WorkspaceView, scope: 'all' | 'collaborators'): Promise<WorkspaceMember[]> {
    const everyone = scope === 'all' && canListAllMembers(view.member.role);
    const rows = await this.members.list(view.workspace.id, everyone ? undefined : ['collaborator']);
    return this.present(view.workspace.id, rows);
  }

  /** A member of this workspace, or 404 not_found_member. */
  async find(view: WorkspaceView, memberId: number): Promise<MemberWithUser> {
    const target = await this.members.find(view.workspace.id, memberId);
    if (!target) throw notFoundMember();
    return target;
  }

  async presentOne(view: WorkspaceView, memberId: number): Promise<WorkspaceMember> {
    const [presented] = await this.present(view.workspace.id, [await this.find(view, memberId)]);
    if (!presented) throw notFoundMember();
    return presented;
  }

  /**
   * Only with permission, on a non-owner, not on oneself, in an active workspace. Moving from
   * collaborator to a role that takes a seat needs a free seat. Becoming 'limited' hands the
   * member's projects to the owner (the client asks for confirmation first).
   */
  async changeRole(view: WorkspaceView, memberId: number, role: WorkspaceRole): Promise<void> {
    const target = await this.find(view, memberId);
    const actor = { role: view.member.role, userId: view.member.user_id };
    if (!canEditRole(actor, { role: target.member.role, userId: target.user.id }, true))
      throw forbidden("You are not allowed to change this member's role.");
    requireActive(view.state);
    if (target.member.role === role) return;
    if (!takesSeat(target.member.role) && takesSeat(role)) requireSeat(view.state);
    await this.db.transaction().execute(async (trx) => {
      await this.members.setRole(trx, target.member.id, role);
      if (role === 'limited')
        await this.projects.handOverOwnedProjects(
          trx,
          view.workspace.id,
          target.user.id,
          view.workspace.owner_id,
        );
    });
  }

  /**
   * A non-owner member is removed by someone with permission and equal or higher rank, or by
   * themself; the projects they own go to the workspace owner. Answers who was removed.
   */
  async remove(view: WorkspaceView, memberId: number): Promise<MemberWithUser> {
    const target = await this.find(view, memberId);
    const actor = { role: view.member.role, userId: view.member.user_id };
    if (!canRemoveMember(actor, { role: target.member.role, userId: target.user.id }))
      throw forbidden('You are not allowed to remove this member.');
    await this.removeMember(view, target);
    return target;
  }

  /**
   * Takes the member out of the workspace and its projects, in one transaction; the projects they
   * own go to the owner and they stay a collaborator on those.
   */
  async removeMember(view: WorkspaceView, target: MemberWithUser): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.projects.memberLeftWorkspace(
        trx,
        view.workspace.id,
        target.user.id,
        view.workspace.owner_id,
      );
      await this.members.remove(trx, target.member.id);
    });
  }

  private async present(workspaceId: number, rows: MemberWithUser[]): Promise<WorkspaceMember[]> {
    const userIds = rows.map((r) => r.user.id);
    const owners = await this.members.workspaceOwners(userIds);
    const owned = await this.projects.ownedCounts(workspaceId, userIds);
    return rows.map((row) =>
      presentMember(row, {
        ownsAWorkspace: owners.has(row.user.id),
        ownedProjectsCount: owned.get(row.user.id) ?? 0,
      }),
    );
  }
}
