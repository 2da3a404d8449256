import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import config from '../../eslint.config.js';

/** The lint rule that keeps SQL in server/db/: the project's own configuration, applied to samples. */
const dataAccessRules = config.find(
  (entry) => entry.ignores?.includes('server/db/**') && entry.rules?.['no-restricted-syntax'],
)!;

function problems(code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        { files: ['**/*.ts'], rules: dataAccessRules.rules },
      ],
      'server/services/sample.ts',
    )
    .map((m) => m.message);
}

describe('SQL lives in server/db/', () => {
  it('is configured for the server, common and the web app, and not for server/db', () => {
    expect(dataAccessRules.files).toEqual(expect.arrayContaining(['server/**/*.ts']));
  });

  it.each([
    ["import { sql } from 'kysely';"],
    ["import type { Selectable } from 'kysely';"],
    ["import { x } from 'kysely/helpers/postgres';"],
    ['const rows = await db.selectFrom("projects").selectAll().execute();'],
    ['await this.db.insertInto("projects").values(v).execute();'],
    ['await db.updateTable("projects").set(v).execute();'],
    ['await db.deleteFrom("projects").execute();'],
    ['await db.with("x", (q) => q).execute();'],
    ['await sql`select 1`.execute(db);'],
    ['await db.transaction().execute(async (trx) => trx);'],
  ])('refuses %s outside server/db', (code) => {
    expect(problems(code).length).toBeGreaterThan(0);
  });

  it('lets a service call repositories in a unit of work', () => {
    expect(
      problems(
        'await uow.transaction(async (tx) => { await tx.projects.rename(1, "a"); await tx.record(e); });\nconst p = await uow.read.projects.byId(1);',
      ),
    ).toEqual([]);
  });
});
