import { sql } from 'kysely';

/**
 * Whether project `p` has assets that someone other than `userId` added after the user last looked
 * at the project (`s` is the user's project_user_states row, absent when they never looked).
 * A deleted author (null) is someone else. The project list's 'new assets' filter and each
 * project's `has_new_assets` ask the same question.
 */
export function hasNewAssets(userId: number, project = 'p', state = 's') {
  return sql<boolean>`exists (select 1 from assets a where a.project_id = ${sql.ref(`${project}.id`)}
    and coalesce(a.created_by_id, 0) <> ${userId}
    and (${sql.ref(`${state}.last_seen_at`)} is null or a.created_at > ${sql.ref(`${state}.last_seen_at`)}))`;
}
