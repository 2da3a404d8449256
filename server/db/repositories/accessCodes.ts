import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { AccessCodesTable } from '../schema';

export type AccessCodeRow = Selectable<AccessCodesTable>;

/** Two-step verification codes (hashed), one current per user. */
export class AccessCodesRepository {
  constructor(private readonly db: Db) {}

  /** Marks every unused code of the user as used, so only the next one works. */
  async retireUnused(userId: number, at: string): Promise<void> {
    await this.db
      .updateTable('access_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  async insert(values: { userId: number; codeHash: string; expiresAt: string; now: string }): Promise<void> {
    await this.db
      .insertInto('access_codes')
      .values({
        user_id: values.userId,
        code_hash: values.codeHash,
        attempts: 0,
        expires_at: values.expiresAt,
        used_at: null,
        created_at: values.now,
      })
      .execute();
  }

  /** The user's newest unused code. */
  current(userId: number): Promise<AccessCodeRow | undefined> {
    return this.db
      .selectFrom('access_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async countWrongAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('access_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Spends the code; false when another request spent it first. */
  async markUsed(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('access_codes')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
