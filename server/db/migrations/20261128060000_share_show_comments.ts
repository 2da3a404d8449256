import type { Kysely } from 'kysely';

/**
 * Whether a project's public link shows the team's comments (issue 22: 'Show comments' in the
 * share settings). Off by default, and off for links made before it: a link shows only what its
 * owner chose to show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('share_show_comments', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('share_show_comments').execute();
}
