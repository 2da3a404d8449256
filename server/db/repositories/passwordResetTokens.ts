import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { PasswordResetTokensTable } from '../schema';

export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;

/** Password reset tokens (hashed): single-use, expiring, only the newest of a user valid. */
export class PasswordResetTokensRepository {
  constructor(private readonly db: Db) {}

  /** Marks every unused token of the user as used: asking again retires the earlier links. */
  async retireUnused(userId: number, at: string): Promise<void> {
    await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  async insert(values: { userId: number; tokenHash: string; expiresAt: string; now: string }): Promise<void> {
    await this.db
      .insertInto('password_reset_tokens')
      .values({
        user_id: values.userId,
        token_hash: values.tokenHash,
        expires_at: values.expiresAt,
        used_at: null,
        created_at: values.now,
      })
      .execute();
  }

  findByHash(tokenHash: string): Promise<PasswordResetTokenRow | undefined> {
    return this.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Spends the token; false when another request spent it first. */
  async markUsed(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
