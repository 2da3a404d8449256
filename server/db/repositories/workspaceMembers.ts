import { levelOf, type WorkspaceRole } from '@common/workspaceRoles';
import type { Db } from '../database';
import type { UserRow } from './users';
import type { MemberRow } from './workspaces';

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
    const member = (await this.db
      .selectFrom('workspace_members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', memberId)
      .executeTakeFirst()) as MemberRow | undefined;
    if (!member) return undefined;
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', member.user_id)
      .executeTakeFirstOrThrow();
    return { member, user };
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

  async add(
    db: Db,
    values: { workspaceId: number; userId: number; role: WorkspaceRole; now: string },
  ): Promise<void> {
    await db
      .insertInto('workspace_members')
      .values({
        workspace_id: values.workspaceId,
        user_id: values.userId,
        role: values.role,
        created_at: values.now,
      })
      .execute();
  }

  async setRole(db: Db, memberId: number, role: WorkspaceRole): Promise<void> {
    await db.updateTable('workspace_members').set({ role }).where('id', '=', memberId).execute();
  }

  async remove(db: Db, memberId: number): Promise<void> {
    await db.deleteFrom('workspace_members').where('id', '=', memberId).execute();
  }
}
