import { SESSION_TTL_DAYS } from '@common/limits';
import { days, type Clock } from '../clock';
import type { Db } from '../db/database';
import { hmac, randomToken } from './secrets';

const TOUCH_EVERY_MS = 60 * 60_000;

export interface SessionMeta {
  userAgent: string | undefined;
  ip: string | undefined;
}

/** Server-side sessions in the database: the cookie holds a random token, the table only its HMAC. */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  async create(userId: number, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + days(SESSION_TTL_DAYS));
    await this.db
      .insertInto('sessions')
      .values({
        id: this.idOf(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        last_seen_at: now.toISOString(),
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      })
      .execute();
    return { token, expiresAt };
  }

  /** The user id behind a cookie token, sliding the expiry forward at most once an hour. */
  async resolve(token: string): Promise<{ userId: number; sessionId: string } | null> {
    const id = this.idOf(token);
    const session = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    const now = this.clock.now();
    if (!session) return null;
    if (new Date(session.expires_at) <= now) {
      await this.db.deleteFrom('sessions').where('id', '=', id).execute();
      return null;
    }
    if (now.getTime() - new Date(session.last_seen_at).getTime() > TOUCH_EVERY_MS) {
      await this.db
        .updateTable('sessions')
        .set({
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + days(SESSION_TTL_DAYS)).toISOString(),
        })
        .where('id', '=', id)
        .execute();
    }
    return { userId: session.user_id, sessionId: id };
  }

  async destroy(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', this.idOf(token)).execute();
  }

  /** Signs the user out everywhere, except the session given (the one making the change). */
  async destroyAllFor(userId: number, exceptSessionId?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
  }

  private idOf(token: string): string {
    return hmac(this.secret, token);
  }
}
