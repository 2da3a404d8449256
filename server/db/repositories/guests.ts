import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database';
import type { GuestsTable } from '../schema';

export type GuestRow = Selectable<GuestsTable>;
export type NewGuest = Omit<Insertable<GuestsTable>, 'id'>;

/** The guests of review links (issue 26): found by the sha256 of the token their browser holds. */
export class GuestsRepository {
  constructor(private readonly db: Db) {}

  findByTokenHash(tokenHash: string): Promise<GuestRow | undefined> {
    return this.db.selectFrom('guests').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async insert(values: NewGuest): Promise<GuestRow> {
    return this.db.insertInto('guests').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    values: Partial<Pick<GuestRow, 'name' | 'email' | 'last_seen_at'>>,
  ): Promise<void> {
    await this.db.updateTable('guests').set(values).where('id', '=', id).execute();
  }

  /** How many guests a link has let in (what GUESTS_PER_LINK_MAX caps). */
  async countForLink(linkId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('guests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('link_id', '=', linkId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}
