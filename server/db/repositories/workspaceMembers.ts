import { levelOf, type WorkspaceRole } from '@common/workspaceRoles';
import type { Db } from '../database';
import type { UserRow } from './users';
import type { MemberRow } from './workspaces';

export interface NewWorkspaceMember {
  workspaceId: number;
  userId: number;
  role: WorkspaceRole;
  now: string;
}

export interface MemberWithUser {
  member: MemberRow;
  user: UserRow;
}

/** The members of a workspace with their users; writes take the transaction they belong to. */
export class WorkspaceMembersRepository {
  constructor(private readonly db: Db) {}

  /** Members by rank (owner first), then name; only the given roles when `roles` is set. */
  async list(workspaceId: number, roles?: readonly WorkspaceRole[]): Promise<MemberWithUser[]> {
    let query = this.db
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('u')
      .select(['m.id as member_id', 'm.role as member_role', 'm.created_at as member_created_at'])
      .where('m.workspace_id', '=', workspaceId);
    if (roles) query = query.where('m.role', 'in', [...roles]);
    const rows = await query.orderBy('u.name').orderBy('m.id').execute();
    return rows
      .map(({ member_id, member_role, member_created_at, ...user }) => ({
        member: {
          id: member_id,
          workspace_id: workspaceId,
          user_id: user.id,
          role: member_role as WorkspaceRole,
          created_at: member_created_at,
        },
        user,
      }))
      .sort((a, b) => levelOf(a.member.role) - levelOf(b.member.role));
  }

  /** A member of this workspace by member id; undefined for another workspace's member. */
  async find(workspaceId: number, memberId: number): Promise<MemberWithUser | undefined> {
    const row = await this.db
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('u')
      .select(['m.id as member_id', 'm.role as member_role', 'm.created_at as member_created_at'])
      .where('m.workspace_id', '=', workspaceId)
      .where('m.id', '=', memberId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { member_id, member_role, member_created_at, ...user } = row;
    return {
      member: {
        id: member_id,
        workspace_id: workspaceId,
        user_id: user.id,
        role: member_role as WorkspaceRole,
        created_at: member_created_at,
      },
      user,
    };
  }

  /** Which of these users own a workspace (any workspace). */
  async workspaceOwners(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('workspaces')
      .select('owner_id')
      .where('owner_id', 'in', userIds)
      .execute();
    return new Set(rows.map((r) => r.owner_id));
  }

  /** Members other than `exceptUserId` whose role gives them project access (every role but limited), oldest first. */
  async userIdsWithProjectAccess(workspaceId: number, exceptUserId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('workspace_members')
      .select('user_id')
      .where('workspace_id', '=', workspaceId)
      .where('role', '!=', 'limited')
      .where('user_id', '!=', exceptUserId)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** Adds these users, none of them a member yet, as collaborators; answers the new memberships. */
  async addCollaborators(
    workspaceId: number,
    userIds: number[],
    now: string,
  ): Promise<{ id: number; user_id: number }[]> {
    if (userIds.length === 0) return [];
    return this.db
      .insertInto('workspace_members')
      .values(
        userIds.map((userId) => ({
          workspace_id: workspaceId,
          user_id: userId,
          role: 'collaborator',
          created_at: now,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
  }

  /** Which of these e-mail addresses belong to members of the workspace. */
  async memberEmails(workspaceId: number, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.email')
      .where('m.workspace_id', '=', workspaceId)
      .where('u.email', 'in', emails)
      .execute();
    return new Set(rows.map((r) => r.email));
  }

  /** Adds the member and answers the membership's id. */
  async add(values: NewWorkspaceMember): Promise<number> {
    const row = await this.db
      .insertInto('workspace_members')
      .values({
        workspace_id: values.workspaceId,
        user_id: values.userId,
        role: values.role,
        created_at: values.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setRole(memberId: number, role: WorkspaceRole): Promise<void> {
    await this.db.updateTable('workspace_members').set({ role }).where('id', '=', memberId).execute();
  }

  async remove(memberId: number): Promise<void> {
    await this.db.deleteFrom('workspace_members').where('id', '=', memberId).execute();
  }
}
