import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { UserPreferencesTable, UsersTable } from '../schema';

export type UserRow = Selectable<UsersTable>;
export type PreferenceRow = Selectable<UserPreferencesTable>;
export interface UserWithPreferences {
  user: UserRow;
  preferences: PreferenceRow;
}

/** Reads and writes of users and their preferences; nothing else touches these two tables. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
    if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async preferencesOf(userId: number): Promise<PreferenceRow> {
    return this.db
      .selectFrom('user_preferences')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  async withPreferences(userId: number): Promise<UserWithPreferences | undefined> {
    const user = await this.findById(userId);
    if (!user) return undefined;
    return { user, preferences: await this.preferencesOf(userId) };
  }

  /** The user and their preferences: call it in a transaction, so neither exists without the other. */
  async create(values: { name: string; email: string; passwordHash: string; now: string }): Promise<UserRow> {
    const user = await this.db
      .insertInto('users')
      .values({
        name: values.name,
        email: values.email.toLowerCase(),
        password_hash: values.passwordHash,
        avatar_key: null,
        created_at: values.now,
        updated_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.db.insertInto('user_preferences').values({ user_id: user.id }).execute();
    return user;
  }

  async update(
    id: number,
    values: Partial<Pick<UserRow, 'name' | 'email' | 'avatar_key' | 'password_hash'>> & {
      updated_at: string;
    },
  ): Promise<void> {
    await this.db.updateTable('users').set(values).where('id', '=', id).execute();
  }

  async updatePreferences(
    userId: number,
    values: Partial<Omit<PreferenceRow, 'id' | 'user_id'>>,
  ): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.db.updateTable('user_preferences').set(values).where('user_id', '=', userId).execute();
  }

  /**
   * Whether `viewerId` may see `userId`'s face: the same person, members of one workspace or one
   * project, or the owner of a workspace holding a project the user is in. One query.
   */
  async areAcquainted(viewerId: number, userId: number): Promise<boolean> {
    if (viewerId === userId) return true;
    const row = await this.db
      .selectNoFrom((eb) =>
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('workspace_members as mine')
                .innerJoin('workspace_members as theirs', 'theirs.workspace_id', 'mine.workspace_id')
                .where('mine.user_id', '=', viewerId)
                .where('theirs.user_id', '=', userId)
                .select('mine.user_id'),
            ),
            eb.exists(
              eb
                .selectFrom('project_members as mine')
                .innerJoin('project_members as theirs', 'theirs.project_id', 'mine.project_id')
                .where('mine.user_id', '=', viewerId)
                .where('theirs.user_id', '=', userId)
                .select('mine.user_id'),
            ),
            eb.exists(
              eb
                .selectFrom('workspaces')
                .innerJoin('projects', 'projects.workspace_id', 'workspaces.id')
                .innerJoin('project_members', 'project_members.project_id', 'projects.id')
                .where('workspaces.owner_id', '=', viewerId)
                .where('project_members.user_id', '=', userId)
                .select('workspaces.id'),
            ),
          ])
          .as('acquainted'),
      )
      .executeTakeFirstOrThrow();
    return Boolean(Number(row.acquainted));
  }
}

/** True when `error` is a unique-constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | undefined;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
