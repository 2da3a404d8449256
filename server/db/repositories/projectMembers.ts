import { projectLevelOf, type ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';
import type { ProjectMemberRow } from './projects';
import type { UserRow } from './users';

export interface ProjectMemberWithUser {
  member: ProjectMemberRow;
  user: UserRow;
}

/** The members of a project with their users; writes take the transaction they belong to. */
export class ProjectMembersRepository {
  constructor(private readonly db: Db) {}

  /** Members by rank (owner first), then name. */
  async list(projectId: number): Promise<ProjectMemberWithUser[]> {
    const rows = await this.db
      .selectFrom('project_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('u')
      .select(['m.id as member_id', 'm.role as member_role', 'm.created_at as member_created_at'])
      .where('m.project_id', '=', projectId)
      .orderBy('u.name')
      .orderBy('m.id')
      .execute();
    return rows
      .map(({ member_id, member_role, member_created_at, ...user }) => ({
        member: {
          id: member_id,
          project_id: projectId,
          user_id: user.id,
          role: member_role as ProjectRole,
          created_at: member_created_at,
        },
        user,
      }))
      .sort((a, b) => projectLevelOf(a.member.role) - projectLevelOf(b.member.role));
  }

  /** A member of this project by member id; undefined for another project's member. */
  async find(projectId: number, memberId: number): Promise<ProjectMemberWithUser | undefined> {
    return (await this.list(projectId)).find((m) => m.member.id === memberId);
  }

  /** Which of these e-mail addresses belong to members of the project. */
  async memberEmails(projectId: number, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('project_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.email')
      .where('m.project_id', '=', projectId)
      .where('u.email', 'in', emails)
      .execute();
    return new Set(rows.map((r) => r.email));
  }

  /** Adds the membership and answers its id; null when the user is a member already. */
  async addIfAbsent(values: {
    projectId: number;
    userId: number;
    role: ProjectRole;
    now: string;
  }): Promise<number | null> {
    const row = await this.db
      .insertInto('project_members')
      .values({
        project_id: values.projectId,
        user_id: values.userId,
        role: values.role,
        created_at: values.now,
      })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async remove(memberId: number): Promise<void> {
    await this.db.deleteFrom('project_members').where('id', '=', memberId).execute();
  }

  /** Adds these members to a project that has none of them yet. */
  async addMany(
    projectId: number,
    members: { userId: number; role: ProjectRole }[],
    now: string,
  ): Promise<void> {
    if (members.length === 0) return;
    await this.db
      .insertInto('project_members')
      .values(
        members.map((m) => ({ project_id: projectId, user_id: m.userId, role: m.role, created_at: now })),
      )
      .execute();
  }

  /** The membership row of this project by member id, without its user; undefined for another project's. */
  async findRow(projectId: number, memberId: number): Promise<ProjectMemberRow | undefined> {
    const row = await this.db
      .selectFrom('project_members')
      .selectAll()
      .where('id', '=', memberId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row as ProjectMemberRow | undefined;
  }

  /** The project's owner becomes a collaborator (the first half of an ownership transfer). */
  async demoteOwner(projectId: number): Promise<void> {
    await this.db
      .updateTable('project_members')
      .set({ role: 'collaborator' })
      .where('project_id', '=', projectId)
      .where('role', '=', 'owner')
      .execute();
  }

  /** A unique violation when it makes a second owner of the project. */
  async setRole(memberId: number, role: ProjectRole): Promise<void> {
    await this.db.updateTable('project_members').set({ role }).where('id', '=', memberId).execute();
  }

  /** The project's members who are not members of that workspace. */
  async userIdsOutsideWorkspace(projectId: number, workspaceId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('project_members as pm')
      .select('pm.user_id')
      .where('pm.project_id', '=', projectId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('workspace_members as wm')
              .select('wm.id')
              .whereRef('wm.user_id', '=', 'pm.user_id')
              .where('wm.workspace_id', '=', workspaceId),
          ),
        ),
      )
      .execute();
    return rows.map((r) => r.user_id);
  }
}
