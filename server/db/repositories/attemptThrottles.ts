import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { AttemptThrottlesTable } from '../schema';

export type AttemptThrottleRow = Selectable<AttemptThrottlesTable>;
export type AttemptThrottleState = Omit<AttemptThrottleRow, 'key'>;

/** The rows of attempt_throttles; each write is conditional so that racing attempts count once each. */
export class AttemptThrottlesRepository {
  constructor(private readonly db: Db) {}

  find(key: string): Promise<AttemptThrottleRow | undefined> {
    return this.db.selectFrom('attempt_throttles').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** Writes the first attempt's row; false when another attempt wrote it first. */
  async insertIfAbsent(key: string, state: AttemptThrottleState): Promise<boolean> {
    const result = await this.db
      .insertInto('attempt_throttles')
      .values({ key, ...state })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Replaces the row only if it still holds `expectedFailures`; false when another attempt got there first. */
  async replaceIf(key: string, expectedFailures: number, state: AttemptThrottleState): Promise<boolean> {
    const result = await this.db
      .updateTable('attempt_throttles')
      .set(state)
      .where('key', '=', key)
      .where('failures', '=', expectedFailures)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('attempt_throttles').where('key', '=', key).execute();
  }
}
