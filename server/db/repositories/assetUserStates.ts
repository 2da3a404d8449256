import type { Db } from '../database';

/** When each member last saw each asset (POST /assets/{id}/last_seen). */
export class AssetUserStatesRepository {
  constructor(private readonly db: Db) {}

  /** The user's last sight of each of `assetIds` they have seen, in one query. */
  async lastSeen(userId: number, assetIds: number[]): Promise<Map<number, string>> {
    if (assetIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('asset_user_states')
      .select(['asset_id', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('asset_id', 'in', assetIds)
      .execute();
    return new Map(rows.map((r) => [r.asset_id, r.last_seen_at]));
  }

  async markSeen(userId: number, assetId: number, now: string): Promise<void> {
    await this.db
      .insertInto('asset_user_states')
      .values({ asset_id: assetId, user_id: userId, last_seen_at: now })
      .onConflict((oc) => oc.columns(['asset_id', 'user_id']).doUpdateSet({ last_seen_at: now }))
      .execute();
  }
}
