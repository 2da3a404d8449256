import { PROJECT_TEXTS } from '@common/api/projects';
import type { ShareLinkKind, ShareLinkScope } from '@common/api/shareLinks';
import type { Clock } from '../../clock';
import type { ProjectRow, ProjectsRepository } from '../../db/repositories/projects';
import type { ShareLinkRow, ShareLinksRepository } from '../../db/repositories/shareLinks';
import type { SharedProject } from '../../policies/sharedReach';
import { AppError } from '../../errors';
import type { RateLimiter } from '../platform/rateLimiter';
import { hmac, safeEqual, sha256, verifyPassword } from '../../secrets';

/** What the shared routes are handed (its reach is the policies' to decide). */
export type { SharedProject };

/**
 * Unlock attempts: each address has 10 tries per link in 15 minutes. A link is never locked for
 * everyone (a stranger's guesses must not shut out the people it was sent to): instead, once a link
 * has seen many wrong tries, every try at it is slowed down, by up to 3 seconds.
 */
export const SHARE_UNLOCK_LIMITS = {
  perAddress: { max: 10, windowMinutes: 15 },
  perLink: { freeFailures: 10, stepMs: 200, maxDelayMs: 3000, windowMinutes: 15 },
} as const;

/** How long a try at a link waits after `failures` wrong tries in the window. */
export function unlockDelayMs(failures: number): number {
  const { freeFailures, stepMs, maxDelayMs } = SHARE_UNLOCK_LIMITS.perLink;
  return Math.min(Math.max(0, failures - freeFailures) * stepMs, maxDelayMs);
}

/** The cookie that remembers an unlocked link: one per link, named by the hash's first 12 characters. */
export const shareCookieName = (shareHash: string) => `pr_share_${shareHash.slice(0, 12)}`;

export const shareNotFound = () => new AppError(404, 'not_found', PROJECT_TEXTS.shareNotFound);
const shareExpired = () => new AppError(404, 'share_link_expired', PROJECT_TEXTS.shareExpired);
const passwordRequired = () =>
  new AppError(403, 'share_password_required', PROJECT_TEXTS.sharePasswordRequired);
const wrongPassword = () => new AppError(403, 'invalid_share_password', PROJECT_TEXTS.sharePasswordWrong);

/** The project as one of its links shows it. */
function throughLink(project: ProjectRow, link: ShareLinkRow, assetIds: number[]): SharedProject {
  return {
    ...project,
    share_hash: link.hash,
    share_hash_downloadable: link.downloadable,
    share_show_comments: link.show_comments,
    share_password_hash: link.password_hash,
    share_expires_at: link.expires_at,
    share_link: {
      id: link.id,
      kind: link.kind as ShareLinkKind,
      scope: link.scope as ShareLinkScope,
      folder_id: link.folder_id,
      asset_ids: assetIds,
    },
  };
}

/**
 * THE check every shared (anonymous) call goes through: a public link's hash resolves to its
 * project only while the link exists (not revoked), has not expired, and, when it has a password,
 * the caller holds the unlock cookie of the current password. No shared route decides this itself.
 */
export class SharedAccess {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly shareLinks: ShareLinksRepository,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly secret: string,
  ) {}

  /** The shared project; 404 for an unknown, revoked or expired link, 403 while locked. */
  async resolve(shareHash: string, cookies: Record<string, string | undefined>): Promise<SharedProject> {
    const project = await this.open(shareHash);
    if (project.share_password_hash !== null) {
      const cookie = cookies[shareCookieName(shareHash)];
      if (!cookie || !safeEqual(cookie, this.unlockToken(project))) throw passwordRequired();
    }
    return project;
  }

  /**
   * Checks the password of a link (rate limited) and answers the cookie that unlocks it. The
   * cookie's value is tied to the current password: changing or removing it, or revoking the
   * link, makes old cookies worthless.
   */
  async unlock(shareHash: string, password: string, ip: string) {
    const linkKey = `share_unlock_failures:${sha256(shareHash)}`;
    await this.limiter.consume(`share_unlock:${ip}:${sha256(shareHash)}`, SHARE_UNLOCK_LIMITS.perAddress);
    const project = await this.open(shareHash);
    if (project.share_password_hash === null) return { project, cookie: null };
    // Every try waits alike, right or wrong, so a guesser learns nothing by hanging up early.
    await this.clock.sleep(
      unlockDelayMs(await this.limiter.peek(linkKey, SHARE_UNLOCK_LIMITS.perLink.windowMinutes)),
    );
    if (!(await verifyPassword(password, project.share_password_hash))) {
      await this.limiter.count(linkKey, SHARE_UNLOCK_LIMITS.perLink.windowMinutes);
      throw wrongPassword();
    }
    return {
      project,
      cookie: {
        name: shareCookieName(shareHash),
        value: this.unlockToken(project),
        expires: project.share_expires_at ? new Date(project.share_expires_at) : undefined,
      },
    };
  }

  /** The link's project while it exists and has not expired, locked or not. */
  private async open(shareHash: string): Promise<SharedProject> {
    const project = await this.find(shareHash);
    if (!project?.share_hash) throw shareNotFound();
    if (project.share_expires_at && new Date(project.share_expires_at) <= this.clock.now())
      throw shareExpired();
    return project;
  }

  /** The project's own public link, or else a link made beside it. */
  private async find(shareHash: string): Promise<SharedProject | undefined> {
    const project = await this.projects.findByShareHash(shareHash);
    if (project) return { ...project, share_link: null };
    const link = await this.shareLinks.findByHash(shareHash);
    if (!link) return undefined;
    const linked = await this.projects.findById(link.project_id);
    if (!linked) return undefined;
    const assetIds = link.scope === 'assets' ? await this.shareLinks.assetIds(link.id) : [];
    return throughLink(linked, link, assetIds);
  }

  private unlockToken(project: ProjectRow): string {
    return hmac(this.secret, `${project.share_hash}:${project.share_password_hash}`);
  }
}
