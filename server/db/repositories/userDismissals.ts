import type { Db } from '../database';

/** The banners and popups each user closed, by key. */
export class UserDismissalsRepository {
  constructor(private readonly db: Db) {}

  /** The user's keys, in the order they were dismissed. */
  async keysOf(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_dismissals')
      .select('key')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('key')
      .execute();
    return rows.map((r) => r.key);
  }

  /** Remembers the key; false when the user had already dismissed it. */
  async insertIfAbsent(userId: number, key: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('user_dismissals')
      .values({ user_id: userId, key, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
