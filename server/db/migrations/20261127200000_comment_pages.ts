import type { Kysely } from 'kysely';

/**
 * The page of a document a comment is on (issue 12: markup per page): 1-based, null for an
 * image's comments, global comments and comments made before documents had pages. Replies hold
 * their comment's page, so that a page's thread reads from one column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').addColumn('page', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('page').execute();
}
