import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';

/**
 * Banners and popups each user closed (account-side §2), remembered by key. A dismissal is a screen's
 * memory, not a change anyone acts on: it records no domain event.
 */
export class DismissalService {
  constructor(
    private readonly uow: UnitOfWorkOf<'userDismissals'>,
    private readonly clock: Clock,
  ) {}

  list(userId: number): Promise<string[]> {
    return this.uow.read.userDismissals.keysOf(userId);
  }

  /** Remembers the key; closing the same banner again changes nothing. */
  async dismiss(userId: number, key: string): Promise<string[]> {
    await this.uow.read.userDismissals.insertIfAbsent(userId, key, this.clock.now().toISOString());
    return this.list(userId);
  }
}
