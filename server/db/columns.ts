import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

/** Column helpers that keep migrations portable between SQLite and PostgreSQL. */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function timestampType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`timestamptz` : sql`text`;
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
