import type { WorkspaceMember } from '@common/api/workspaces';
import type { WorkspaceRole } from '@common/workspaceRoles';
import type { MemberWithUser } from '../../db/repositories/workspaceMembers';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError } from '../../errors';
import {
  authorizeRemoval,
  authorizeRoleChange,
  handsOverProjects,
  listedRoles,
  type MemberActor,
} from '../../policies/workspaceMembers';
import { presentMember } from '../../presenters/workspaceMember';
import type { MemberProjects } from './memberProjects';
import type { WorkspaceView } from '../../policies/workspaceView';
import type { WorkspaceAccess } from './workspaceAccess';

export const MEMBER_NOT_FOUND = 'This person is not a member of the workspace.';

/** 404 not_found_member (account-side §8): the member id is not one of this workspace's members. */
export const notFoundMember = () => new AppError(404, 'not_found_member', MEMBER_NOT_FOUND);

const actorOf = (view: WorkspaceView): MemberActor => ({
  role: view.member.role,
  userId: view.member.user_id,
});
const targetOf = (target: MemberWithUser): MemberActor => ({
  role: target.member.role,
  userId: target.user.id,
});

/** The repositories WorkspaceMemberService uses. */
type WorkspaceMemberRepositories = 'memberProjects' | 'users' | 'workspaceMembers';

/**
 * Listing members, changing their role and removing them, by the rules of account-side §5–6
 * (server/policies/workspaceMembers.ts). Each call lets the caller in (404 for anyone not a member
 * of the workspace), asks the policy (403), then acts.
 */
export class WorkspaceMemberService {
  constructor(
    private readonly uow: UnitOfWorkOf<WorkspaceMemberRepositories>,
    private readonly access: WorkspaceAccess,
    private readonly projects: MemberProjects,
  ) {}

  /** Owner and admin see everyone; the other roles see only collaborators. */
  async list(
    userId: number,
    workspaceId: number,
    scope: 'all' | 'collaborators',
  ): Promise<WorkspaceMember[]> {
    const view = await this.access.forMember(workspaceId, userId);
    const rows = await this.uow.read.workspaceMembers.list(
      view.workspace.id,
      listedRoles(view.member.role, scope),
    );
    return this.present(view.workspace.id, rows);
  }

  /** A member of this workspace, or 404 not_found_member. */
  async find(view: WorkspaceView, memberId: number): Promise<MemberWithUser> {
    const target = await this.uow.read.workspaceMembers.find(view.workspace.id, memberId);
    if (!target) throw notFoundMember();
    return target;
  }

  /**
   * Only with permission, on a non-owner, not on oneself, in an active workspace. Moving from
   * collaborator to a role that takes a seat needs a free seat. Becoming 'limited' hands the
   * member's projects to the owner (the client asks for confirmation first). Answers the member as
   * they are afterwards.
   */
  async changeRole(
    userId: number,
    workspaceId: number,
    memberId: number,
    role: WorkspaceRole,
  ): Promise<WorkspaceMember> {
    const view = await this.access.forMember(workspaceId, userId);
    const target = await this.find(view, memberId);
    if (authorizeRoleChange(actorOf(view), targetOf(target), role, view.state))
      await this.setRole(view, target, role);
    return this.presentOne(view, memberId);
  }

  private async setRole(view: WorkspaceView, target: MemberWithUser, role: WorkspaceRole): Promise<void> {
    await this.uow.transaction(async (tx) => {
      await tx.workspaceMembers.setRole(target.member.id, role);
      await tx.record({
        type: 'workspace.member_role_changed',
        workspaceId: view.workspace.id,
        actorId: view.member.user_id,
        subject: { type: 'WorkspaceMember', id: target.member.id },
        data: { user_id: target.user.id, from: target.member.role, to: role },
      });
      if (handsOverProjects(role))
        await this.projects.handOverOwnedProjects(
          tx,
          view.workspace.id,
          target.user.id,
          view.workspace.owner_id,
        );
    });
  }

  /**
   * A non-owner member is removed by someone with permission and equal or higher rank, or by
   * themself; the projects they own go to the workspace owner.
   */
  async remove(userId: number, workspaceId: number, memberId: number): Promise<void> {
    const view = await this.access.forMember(workspaceId, userId);
    const target = await this.find(view, memberId);
    authorizeRemoval(actorOf(view), targetOf(target));
    await this.removeMember(view, target);
  }

  /**
   * Takes the member out of the workspace and its projects, in one transaction; the projects they
   * own go to the owner and they stay a collaborator on those. A member taking themself out has
   * left; anyone else was removed.
   */
  async removeMember(view: WorkspaceView, target: MemberWithUser): Promise<void> {
    await this.uow.transaction(async (tx) => {
      await this.projects.memberLeftWorkspace(tx, view.workspace.id, target.user.id, view.workspace.owner_id);
      await tx.workspaceMembers.remove(target.member.id);
      await recordDeparture(tx, view, target);
    });
  }

  private async presentOne(view: WorkspaceView, memberId: number): Promise<WorkspaceMember> {
    const [presented] = await this.present(view.workspace.id, [await this.find(view, memberId)]);
    if (!presented) throw notFoundMember();
    return presented;
  }

  private async present(workspaceId: number, rows: MemberWithUser[]): Promise<WorkspaceMember[]> {
    const userIds = rows.map((r) => r.user.id);
    const owners = await this.uow.read.workspaceMembers.workspaceOwners(userIds);
    const owned = await this.projects.ownedCounts(workspaceId, userIds);
    return rows.map((row) =>
      presentMember(row, {
        ownsAWorkspace: owners.has(row.user.id),
        ownedProjectsCount: owned.get(row.user.id) ?? 0,
      }),
    );
  }
}

function recordDeparture(tx: TxOf<never>, view: WorkspaceView, target: MemberWithUser) {
  const left = target.user.id === view.member.user_id;
  return tx.record({
    type: left ? 'workspace.member_left' : 'workspace.member_removed',
    workspaceId: view.workspace.id,
    actorId: view.member.user_id,
    subject: { type: 'WorkspaceMember', id: target.member.id },
    data: { user_id: target.user.id, role: target.member.role },
  });
}
