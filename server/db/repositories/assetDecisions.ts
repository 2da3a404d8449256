import type { AssetDecision } from '@common/api/decisions';
import type { Db } from '../database';

/** Who decides: a member (user id) or a guest of a review link (guest id). */
export type DecisionReviewerKey = { userId: number } | { guestId: number };

/** The column that holds this kind of reviewer, and the reviewer's id in it. */
const reviewerColumn = (reviewer: DecisionReviewerKey) => ('userId' in reviewer ? 'user_id' : 'guest_id');
const reviewerId = (reviewer: DecisionReviewerKey) =>
  'userId' in reviewer ? reviewer.userId : reviewer.guestId;

/** One decision with what the answer shows of its reviewer (never an e-mail address). */
export interface DecisionWithReviewer {
  version_id: number;
  user_id: number | null;
  guest_id: number | null;
  decision: string;
  updated_at: string;
  user_name: string | null;
  user_avatar_key: string | null;
  guest_name: string | null;
}

/** The decision being written on one round. */
export interface DecisionWrite {
  projectId: number;
  assetId: number;
  versionId: number;
  decision: AssetDecision;
  now: string;
}

/** Each reviewer's own decision on a round of an asset (issue 26 item 3). */
export class AssetDecisionsRepository {
  constructor(private readonly db: Db) {}

  /** The reviewer's decision on the round, if any. */
  async find(versionId: number, reviewer: DecisionReviewerKey): Promise<AssetDecision | undefined> {
    const row = await this.db
      .selectFrom('asset_decisions')
      .select('decision')
      .where('version_id', '=', versionId)
      .where(reviewerColumn(reviewer), '=', reviewerId(reviewer))
      .executeTakeFirst();
    return row?.decision as AssetDecision | undefined;
  }

  /** Sets the reviewer's decision on the round (one row per reviewer and round). */
  async put(reviewer: DecisionReviewerKey, write: DecisionWrite): Promise<void> {
    const column = reviewerColumn(reviewer);
    await this.db
      .insertInto('asset_decisions')
      .values({
        project_id: write.projectId,
        asset_id: write.assetId,
        version_id: write.versionId,
        user_id: 'userId' in reviewer ? reviewer.userId : null,
        guest_id: 'guestId' in reviewer ? reviewer.guestId : null,
        decision: write.decision,
        created_at: write.now,
        updated_at: write.now,
      })
      .onConflict((oc) =>
        oc.columns(['version_id', column]).doUpdateSet({ decision: write.decision, updated_at: write.now }),
      )
      .execute();
  }

  /** Takes the reviewer's decision on the round back; whether there was one. */
  async remove(versionId: number, reviewer: DecisionReviewerKey): Promise<boolean> {
    const result = await this.db
      .deleteFrom('asset_decisions')
      .where('version_id', '=', versionId)
      .where(reviewerColumn(reviewer), '=', reviewerId(reviewer))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A guest's name, as their decisions' events name them. */
  async guestName(guestId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('guests')
      .select('name')
      .where('id', '=', guestId)
      .executeTakeFirst();
    return row?.name;
  }

  /** The decisions on these rounds with their reviewers, in one query, earliest first. */
  async forRounds(versionIds: readonly number[]): Promise<DecisionWithReviewer[]> {
    if (versionIds.length === 0) return [];
    return this.db
      .selectFrom('asset_decisions as d')
      .leftJoin('users as u', 'u.id', 'd.user_id')
      .leftJoin('guests as g', 'g.id', 'd.guest_id')
      .select([
        'd.version_id',
        'd.user_id',
        'd.guest_id',
        'd.decision',
        'd.updated_at',
        'u.name as user_name',
        'u.avatar_key as user_avatar_key',
        'g.name as guest_name',
      ])
      .where('d.version_id', 'in', [...new Set(versionIds)])
      .orderBy('d.updated_at')
      .orderBy('d.id')
      .execute();
  }
}
