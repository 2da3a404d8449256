import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns';

/**
 * Presence (issue 24 item 5): who is looking at an asset right now. One row per asset and viewer,
 * kept alive by the asset page's heartbeat (PUT /assets/{id}/viewers) until `expires_at`; a row
 * whose time has passed is swept by whichever instance gets to it first. In the database rather
 * than in one process, so that viewers served by different instances see each other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('asset_viewers'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('asset_viewers_asset_user')
    .on('asset_viewers')
    .columns(['asset_id', 'user_id'])
    .unique()
    .execute();
  await db.schema.createIndex('asset_viewers_expiry').on('asset_viewers').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asset_viewers').execute();
}
