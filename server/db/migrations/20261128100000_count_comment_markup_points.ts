import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns';

/**
 * An asset's markup is capped (MARKUP_ASSET_POINTS_MAX, issue 22 item 2): each comment keeps how
 * many points its markup's shapes have, so that the check sums one column of the asset's comments
 * rather than reading their markup. The comments written before this get theirs from the markup
 * they hold; from now on the comment service writes it with the markup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('comments')
    .addColumn('markup_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Stored markup is a JSON list of shapes, each with its list of points; anything else counts 0.
  const points = isPostgres(db)
    ? sql`(select coalesce(sum(jsonb_array_length(s -> 'points')), 0)
        from jsonb_array_elements(comments.markup::jsonb) s
        where jsonb_typeof(s -> 'points') = 'array')`
    : sql`(select coalesce(sum(json_array_length(s.value, '$.points')), 0)
        from json_each(comments.markup) s
        where json_type(s.value, '$.points') = 'array')`;
  const isList = isPostgres(db)
    ? sql`jsonb_typeof(markup::jsonb) = 'array'`
    : sql`json_type(markup) = 'array'`;
  await sql`update comments set markup_points = ${points} where markup <> '[]' and ${isList}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('markup_points').execute();
}
