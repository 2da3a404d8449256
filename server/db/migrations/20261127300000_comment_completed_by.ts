import type { Kysely } from 'kysely';

/**
 * Who completed a root comment (projects-side §3 'newly_approved_comments_count'): set with
 * completed_at, cleared on reopening. A deleted user's completions keep their time and lose the
 * name (null: someone else to everyone). Comments completed before this column have none either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('comments')
    .addColumn('completed_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('completed_by_id').execute();
}
