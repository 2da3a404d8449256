import type { Clock } from '../clock';
import type { Db } from '../db/database';

/** Banners and popups each user closed (account-side §2), remembered by key. */
export class DismissalService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_dismissals')
      .select('key')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('key')
      .execute();
    return rows.map((r) => r.key);
  }

  /** Remembers the key; closing the same banner again changes nothing. */
  async dismiss(userId: number, key: string): Promise<string[]> {
    await this.db
      .insertInto('user_dismissals')
      .values({ user_id: userId, key, created_at: this.clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .execute();
    return this.list(userId);
  }
}
