import type { Logger } from 'pino';
import { SESSION_TTL_DAYS } from '@common/limits';
import { days, type Clock } from '../../clock';
import type { SessionsRepository, SignedInUser } from '../../db/repositories/sessions';
import { hmac, randomToken } from '../../secrets';

/** How often a session in use slides its expiry forward: at most one write per session and interval. */
export const TOUCH_EVERY_MS = 60 * 60_000;
/** Sessions whose last slide this process remembers before it lets the old ones go. */
const TOUCHED_KEPT = 10_000;

export interface SessionMeta {
  userAgent: string | undefined;
  ip: string | undefined;
}

export interface ResolvedSession {
  userId: number;
  sessionId: string;
  /** The signed-in user as the session lookup read them. */
  signedIn: SignedInUser;
  /** The database's data version as the call started (server/services/platform/readCache.ts). */
  dataVersion: string | null;
}

/**
 * Server-side sessions in the database: the cookie holds a random token, the table only its HMAC.
 * Every call reads its session row, so signing out or a password change ends a session at once, on
 * every instance. The write that slides the expiry happens at most once an interval, and the call
 * does not wait for it.
 */
export class SessionService {
  /** Touches under way in this process, so a burst of calls sends one. */
  private readonly touching = new Map<string, Promise<void>>();
  private readonly touchedAt = new Map<string, number>();

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly log: Logger,
  ) {}

  async create(userId: number, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + days(SESSION_TTL_DAYS));
    await this.sessions.insert({
      id: this.idOf(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    return { token, expiresAt };
  }

  /** The signed-in user behind a cookie token, or null for an unknown, ended or expired session. */
  async resolve(token: string): Promise<ResolvedSession | null> {
    const id = this.idOf(token);
    const session = await this.sessions.find(id);
    if (!session) return null;
    const now = this.clock.now();
    if (new Date(session.expires_at) <= now) {
      await this.sessions.delete(id);
      return null;
    }
    if (now.getTime() - new Date(session.last_seen_at).getTime() > TOUCH_EVERY_MS) this.touch(id, now);
    const { signedIn, dataVersion } = session;
    return { userId: signedIn.user.id, sessionId: id, signedIn, dataVersion };
  }

  /** Resolves once the expiry slides started by earlier calls are written (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all(this.touching.values());
  }

  async destroy(token: string): Promise<void> {
    await this.sessions.delete(this.idOf(token));
  }

  /** Signs the user out everywhere, except the session given (the one making the change). */
  async destroyAllFor(userId: number, exceptSessionId?: string): Promise<void> {
    await this.sessions.deleteAllFor(userId, exceptSessionId);
  }

  /** Slides the expiry forward in the background; a touch that fails is tried again by the next call. */
  private touch(id: string, now: Date): void {
    if (this.touching.has(id)) return;
    // A call that read the row before a slide of this process committed would slide it again.
    const last = this.touchedAt.get(id);
    if (last !== undefined && now.getTime() - last < TOUCH_EVERY_MS) return;
    this.rememberTouch(id, now.getTime());
    const done = this.sessions
      .touch(id, {
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + days(SESSION_TTL_DAYS)).toISOString(),
        staleBefore: new Date(now.getTime() - TOUCH_EVERY_MS).toISOString(),
      })
      .catch((error: unknown) => {
        this.touchedAt.delete(id);
        this.log.warn({ err: error }, 'session expiry not moved');
      })
      .finally(() => this.touching.delete(id));
    this.touching.set(id, done);
  }

  /** When this process last slid each session, the entries older than a slide's interval let go. */
  private rememberTouch(id: string, at: number): void {
    if (this.touchedAt.size >= TOUCHED_KEPT)
      for (const [key, time] of this.touchedAt) if (at - time >= TOUCH_EVERY_MS) this.touchedAt.delete(key);
    this.touchedAt.set(id, at);
  }

  private idOf(token: string): string {
    return hmac(this.secret, token);
  }
}
