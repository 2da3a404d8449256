import type { AssetDecision, AssetDecisionView } from '@common/api/decisions';
import type { DecisionWithReviewer } from '../db/repositories/assetDecisions';
import { avatarUrl } from './user';

/** One decision as every answer shows it: the reviewer's name and avatar, never their e-mail. */
export function presentDecision(row: DecisionWithReviewer): AssetDecisionView {
  const reviewer =
    row.user_id !== null
      ? {
          id: row.user_id,
          name: row.user_name ?? '',
          avatar: avatarUrl({ id: row.user_id, avatar_key: row.user_avatar_key }),
          is_guest: false,
        }
      : { id: null, name: row.guest_name ?? '', avatar: null, is_guest: true };
  return { reviewer, decision: row.decision as AssetDecision, decided_at: row.updated_at };
}

/** The decisions of many rounds, by round id (rows as the repository reads them, earliest first). */
export function decisionsByRound(rows: readonly DecisionWithReviewer[]): Map<number, AssetDecisionView[]> {
  const byRound = new Map<number, AssetDecisionView[]>();
  for (const row of rows) {
    const list = byRound.get(row.version_id) ?? [];
    list.push(presentDecision(row));
    byRound.set(row.version_id, list);
  }
  return byRound;
}
