import { GUEST_TEXTS, GUESTS_PER_LINK_MAX, type Guest } from '@common/api/guests';
import type { Clock } from '../../clock';
import type { GuestRow } from '../../db/repositories/guests';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError } from '../../errors';
import { authorizeReview } from '../../policies/sharedLinks';
import { randomToken, sha256 } from '../../secrets';
import type { SharedProject } from '../../policies/sharedReach';

export const guestRequired = () => new AppError(401, 'guest_required', GUEST_TEXTS.guestRequired);
const tooManyGuests = () => new AppError(403, 'guest_limit_reached', GUEST_TEXTS.tooManyGuests);

/** How often a guest's calls move their last_seen_at on. */
export const GUEST_SEEN_EVERY_MS = 5 * 60_000;

/** A guest as their own calls answer them. */
export function presentGuest(guest: GuestRow): Guest {
  return { id: guest.id, name: guest.name, email: guest.email };
}

/**
 * Who a guest of a review link is (docs/decisions.md 'Guest identity'): a name and an optional
 * e-mail given once, and a random token that only their browser holds (its sha256 is kept). A
 * guest belongs to the one link they joined through: once it is revoked (guests.link_id null) or
 * through any other link, their token is nobody's.
 */
export class GuestService {
  constructor(
    private readonly uow: UnitOfWorkOf<'guests'>,
    private readonly clock: Clock,
  ) {}

  /**
   * Lets a guest in on a review link (403 review_not_allowed otherwise): a browser that is already
   * this link's guest keeps its token and has its name and e-mail changed; any other gets a new
   * guest and token, refused once the link has GUESTS_PER_LINK_MAX guests.
   */
  async join(
    project: SharedProject,
    input: { name: string; email?: string | null | undefined },
    token: string | undefined,
  ): Promise<{ guest: Guest; token: string | null }> {
    const link = authorizeReview(project);
    const now = this.clock.now().toISOString();
    const email = input.email ?? null;
    const known = await this.find(link.id, token);
    if (known) {
      await this.uow.transaction((tx) =>
        tx.guests.update(known.id, { name: input.name, email, last_seen_at: now }),
      );
      return { guest: { ...presentGuest(known), name: input.name, email }, token: null };
    }
    const fresh = randomToken();
    const guest = await this.uow.transaction(async (tx) => {
      // Two joins at once cannot both take the last place.
      await tx.lock('projects', project.id);
      if ((await tx.guests.countForLink(link.id)) >= GUESTS_PER_LINK_MAX) throw tooManyGuests();
      return tx.guests.insert({
        project_id: project.id,
        link_id: link.id,
        name: input.name,
        email,
        token_hash: sha256(fresh),
        created_at: now,
        last_seen_at: now,
      });
    });
    return { guest: presentGuest(guest), token: fresh };
  }

  /** The guest whose token the caller holds on this review link; 401 guest_required otherwise. */
  async current(project: SharedProject, token: string | undefined): Promise<GuestRow> {
    const link = authorizeReview(project);
    const guest = await this.find(link.id, token);
    if (!guest) throw guestRequired();
    const now = this.clock.now();
    // Kept to the minute or so, not written on every read.
    if (now.getTime() - new Date(guest.last_seen_at).getTime() >= GUEST_SEEN_EVERY_MS) {
      const last_seen_at = now.toISOString();
      await this.uow.transaction((tx) => tx.guests.update(guest.id, { last_seen_at }));
      return { ...guest, last_seen_at };
    }
    return guest;
  }

  /** The guest whose token the caller holds on this link, or null: a viewer, or no review link. */
  async known(project: SharedProject, token: string | undefined): Promise<number | null> {
    const link = project.share_link;
    if (link?.kind !== 'review') return null;
    return (await this.find(link.id, token))?.id ?? null;
  }

  private async find(linkId: number, token: string | undefined): Promise<GuestRow | undefined> {
    if (!token || token.length > 200) return undefined;
    const guest = await this.uow.read.guests.findByTokenHash(sha256(token));
    return guest?.link_id === linkId ? guest : undefined;
  }
}
