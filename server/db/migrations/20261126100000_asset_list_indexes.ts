import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns';

/**
 * One index per sort of the asset lists (projects-side §9, issue 11), so that a page of a large
 * folder in any sort is read in index order, the first rows first, never sorted whole: each leads
 * with the place (project, folder) and ends with the id that breaks ties, so that the ids of a
 * page, even a deep one, are read from the index alone. Text keys are compared byte by byte on
 * both databases (PostgreSQL's "C" collation, SQLite's own), so the two agree on the order of
 * names; SQLite reads names in the order of the unique index of names in a place, which already
 * ends the ties, so only PostgreSQL gets an index of its own for them. The priority index holds
 * its keys in the order the list reads them; a descending list reads any of them backwards.
 * Assets never placed by hand sort after those placed (server/db/repositories/assetLists.ts
 * spells the same expressions); PostgreSQL reads an expression from an index alone only when the
 * index also holds its column.
 */
const sortIndexes = (postgres: boolean) => {
  const bytewise = postgres ? ' collate "C"' : '';
  return {
    ...(postgres ? { assets_by_name: `name_key${bytewise}, id` } : {}),
    assets_by_activity: 'last_activity_at, id',
    assets_by_round: 'round_number, id',
    assets_by_file_type: `file_type${bytewise}, id`,
    assets_by_approval: 'approve, id',
    assets_by_priority: `rush_priority_set_at desc${postgres ? ' nulls last' : ''}, last_activity_at desc, id desc`,
    assets_by_unresolved: 'unresolved_comments_count, id',
    assets_by_position: 'coalesce(position, 2147483647), id',
    assets_by_upload: 'created_at, id',
  };
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const [name, keys] of Object.entries(sortIndexes(postgres))) {
    const position = postgres && name === 'assets_by_position' ? sql` include (position)` : sql``;
    await sql`create index ${sql.id(name)} on assets (project_id, place_key, ${sql.raw(keys)})${position}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(sortIndexes(isPostgres(db)))) await db.schema.dropIndex(name).execute();
}
