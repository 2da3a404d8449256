import type { Db } from '../database';
import { commentsWithAuthors, type CommentWithAuthor } from './comments';

/**
 * Comments seen across rounds: the open root comments an asset's newer round is waiting on, moving
 * one to the current round, and every comment of many assets (exports).
 */
export class CommentRoundsRepository {
  constructor(private readonly db: Db) {}

  private withAuthor() {
    return commentsWithAuthors(this.db);
  }

  /**
   * The open root comments made on a round before `roundNumber`, with their replies, the oldest
   * first. Comments of a round deleted since (a higher number) are not waiting on anything.
   */
  async openBefore(assetId: number, roundNumber: number): Promise<CommentWithAuthor[]> {
    const roots = await this.withAuthor()
      .where('c.asset_id', '=', assetId)
      .where('c.parent_id', 'is', null)
      .where('c.completed_at', 'is', null)
      .where('c.round_number', '<', roundNumber)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
    if (roots.length === 0) return [];
    const replies = await this.withAuthor()
      .where(
        'c.parent_id',
        'in',
        roots.map((r) => r.id),
      )
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
    return [...roots, ...replies];
  }

  /**
   * Moves an open root comment made before the round to it, with its replies; true when it moved
   * (a second call, or a comment completed meanwhile, moves nothing).
   */
  async moveToRound(
    commentId: number,
    round: { versionId: number; number: number },
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('comments')
      .set({ version_id: round.versionId, round_number: round.number, updated_at: now })
      .where('id', '=', commentId)
      .where('parent_id', 'is', null)
      .where('completed_at', 'is', null)
      .where('round_number', '<', round.number)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await this.db
      .updateTable('comments')
      .set({ version_id: round.versionId, round_number: round.number })
      .where('parent_id', '=', commentId)
      .execute();
    return true;
  }

  /** Every comment and reply of the assets, by asset, then the oldest first. */
  listForAssets(assetIds: number[]): Promise<CommentWithAuthor[]> {
    if (assetIds.length === 0) return Promise.resolve([]);
    return this.withAuthor()
      .where('c.asset_id', 'in', assetIds)
      .orderBy('c.asset_id')
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
  }

  /** The ids of the project's assets that have comments, by name, at most `limit`. */
  async assetsWithComments(projectId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('assets as a')
      .select('a.id')
      .where('a.project_id', '=', projectId)
      .where((eb) =>
        eb.exists(eb.selectFrom('comments as c').select('c.id').whereRef('c.asset_id', '=', 'a.id')),
      )
      .orderBy('a.name_key')
      .orderBy('a.id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** How many root comments each of the assets has on each round (what a report's cover lists). */
  async rootCountsByRound(
    assetIds: number[],
  ): Promise<{ asset_id: number; round_number: number; comments: number }[]> {
    if (assetIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('comments')
      .select(['asset_id', 'round_number', (eb) => eb.fn.countAll<number | string>().as('comments')])
      .where('asset_id', 'in', assetIds)
      .where('parent_id', 'is', null)
      .groupBy(['asset_id', 'round_number'])
      .orderBy('asset_id')
      .orderBy('round_number')
      .execute();
    return rows.map((r) => ({ ...r, comments: Number(r.comments) }));
  }

  async countAssetsWithComments(projectId: number): Promise<number> {
    const row = await this.db
      .selectFrom('comments')
      .select((eb) => eb.fn.count<number | string>('asset_id').distinct().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
