import type { Db } from '../database';

export interface AssetViewerRow {
  id: number;
  name: string;
  avatar_key: string | null;
}

/** Presence: who looks at which asset, until their heartbeat's expiry (issue 24). */
export class AssetViewersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Keeps `userId` among the asset's viewers until `expiresAt`. Answers true when they were not
   * among them (a new arrival, or one whose time had passed), false for a heartbeat that only
   * prolongs their stay.
   */
  async touch(row: {
    assetId: number;
    projectId: number;
    userId: number;
    now: string;
    expiresAt: string;
  }): Promise<boolean> {
    const prolonged = await this.db
      .updateTable('asset_viewers')
      .set({ expires_at: row.expiresAt })
      .where('asset_id', '=', row.assetId)
      .where('user_id', '=', row.userId)
      .where('expires_at', '>', row.now)
      .executeTakeFirst();
    if (Number(prolonged.numUpdatedRows) > 0) return false;
    await this.db
      .insertInto('asset_viewers')
      .values({
        asset_id: row.assetId,
        project_id: row.projectId,
        user_id: row.userId,
        joined_at: row.now,
        expires_at: row.expiresAt,
      })
      .onConflict((oc) =>
        oc.columns(['asset_id', 'user_id']).doUpdateSet({ joined_at: row.now, expires_at: row.expiresAt }),
      )
      .execute();
    return true;
  }

  /** Takes the user off the asset's viewers; answers whether they were there (and not yet expired). */
  async remove(assetId: number, userId: number, now: string): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('asset_viewers')
      .where('asset_id', '=', assetId)
      .where('user_id', '=', userId)
      .returning('expires_at')
      .execute();
    return rows.some((r) => r.expires_at > now);
  }

  /** The asset's viewers whose time has not passed, earliest arrival first. */
  async viewers(assetId: number, now: string): Promise<AssetViewerRow[]> {
    return this.db
      .selectFrom('asset_viewers as v')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .select(['u.id', 'u.name', 'u.avatar_key'])
      .where('v.asset_id', '=', assetId)
      .where('v.expires_at', '>', now)
      .orderBy('v.joined_at')
      .orderBy('v.id')
      .execute();
  }

  /**
   * Removes every stay whose time has passed, in one statement: of several instances sweeping
   * together, each row goes to one. Answers the assets (with their projects) whose viewers changed.
   */
  async sweep(now: string): Promise<{ assetId: number; projectId: number }[]> {
    const rows = await this.db
      .deleteFrom('asset_viewers')
      .where('expires_at', '<=', now)
      .returning(['asset_id', 'project_id'])
      .execute();
    const seen = new Map(rows.map((r) => [r.asset_id, r.project_id]));
    return [...seen].map(([assetId, projectId]) => ({ assetId, projectId }));
  }
}
