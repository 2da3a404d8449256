import type { CompiledQuery, InferResult, Insertable, RawBuilder } from 'kysely';
import type { Db } from '../database';
import type { SessionsTable } from '../schema';
import { prepareOnPostgres } from '../preparedStatements';
import { dataVersionColumn } from './dataVersion';

/** Who a session signs in: the user's fields and preferences an answer about them needs. */
export interface SignedInUser {
  user: { id: number; name: string; email: string; avatar_key: string | null; created_at: string };
  preferences: {
    id: number;
    is_2fa_enabled: number;
    asset_downloads_resolution: string;
    email_every: string;
    projects_order: string;
  };
}

export interface SessionLookup {
  expires_at: string;
  last_seen_at: string;
  signedIn: SignedInUser;
  /** The database's data version as the call starts (null where it has none): dataVersion.ts. */
  dataVersion: string | null;
}

type LookupRow = InferResult<ReturnType<typeof lookupQuery>>[number];

/** The rows of sessions (the cookie's token HMAC is the id). */
export class SessionsRepository {
  private lookup: CompiledQuery | undefined;

  constructor(private readonly db: Db) {}

  async insert(row: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /**
   * The session, its user and the database's data version, in one read: every signed-in call pays
   * it, so the query is built and compiled once (Kysely's builder cost more than SQLite's lookup)
   * and run with each id.
   */
  async find(id: string): Promise<SessionLookup | undefined> {
    if (!this.lookup) {
      this.lookup = lookupQuery(this.db, '', await dataVersionColumn(this.db)).compile();
      prepareOnPostgres(this.lookup.sql);
    }
    const { rows } = await this.db.executeQuery<LookupRow>({ ...this.lookup, parameters: [id] });
    const row = rows[0];
    if (!row) return undefined;
    return {
      expires_at: row.expires_at,
      last_seen_at: row.last_seen_at,
      dataVersion: row.data_version === null ? null : String(row.data_version),
      signedIn: {
        user: {
          id: row.id,
          name: row.name,
          email: row.email,
          avatar_key: row.avatar_key,
          created_at: row.created_at,
        },
        preferences: {
          id: row.preferences_id,
          is_2fa_enabled: row.is_2fa_enabled,
          asset_downloads_resolution: row.asset_downloads_resolution,
          email_every: row.email_every,
          projects_order: row.projects_order,
        },
      },
    };
  }

  /**
   * Slides the expiry forward, unless another request (of any instance) already did since
   * `staleBefore`: racing touches write once.
   */
  async touch(id: string, values: { lastSeenAt: string; expiresAt: string; staleBefore: string }) {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: values.lastSeenAt, expires_at: values.expiresAt })
      .where('id', '=', id)
      .where('last_seen_at', '<', values.staleBefore)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Every session of the user, except `exceptId` when given. */
  async deleteAllFor(userId: number, exceptId?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId) query = query.where('id', '!=', exceptId);
    await query.execute();
  }
}

/** The lookup of `id`, whose only parameter is the id. */
function lookupQuery(db: Db, id: string, dataVersion: RawBuilder<string | number | null>) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('user_preferences as p', 'p.user_id', 's.user_id')
    .select([
      's.expires_at',
      's.last_seen_at',
      'u.id',
      'u.name',
      'u.email',
      'u.avatar_key',
      'u.created_at',
      'p.id as preferences_id',
      'p.is_2fa_enabled',
      'p.asset_downloads_resolution',
      'p.email_every',
      'p.projects_order',
      dataVersion.as('data_version'),
    ])
    .where('s.id', '=', id);
}
