import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { NotificationsPreferences, User } from '@common/api/users';
import type { SignedInUser } from '../../db/repositories/sessions';
import type { UserRow } from '../../db/repositories/users';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { notFound, unauthorized } from '../../errors';
import { presentNotificationsPreferences, presentUser } from '../../presenters/user';

type StoredFile = NonNullable<Awaited<ReturnType<FileStorage['get']>>>;

/** Users as other features read them: the signed-in user, someone's avatar, one's notification settings. */
export class UserDirectory {
  constructor(
    private readonly uow: UnitOfWorkOf<'users'>,
    private readonly storage: FileStorage,
    /** Signs the user's Intercom identity in their answer (none when Intercom is not set up). */
    private readonly intercomSecret: string | undefined,
  ) {}

  /**
   * The signed-in user with their preferences, for GET /users/me and the answers that carry the
   * user; a user deleted meanwhile reads as signed out.
   */
  async current(userId: number): Promise<User> {
    const found = await this.uow.read.users.withPreferences(userId);
    if (!found) throw unauthorized();
    return this.present(found);
  }

  /** The caller as their session's lookup read them: no read of its own. */
  present(signedIn: SignedInUser): User {
    return presentUser(signedIn, this.intercomSecret);
  }

  /** The signed-in user's row; 404 when the account is gone meanwhile. */
  async signedIn(userId: number): Promise<UserRow> {
    const user = await this.uow.read.users.findById(userId);
    if (!user) throw notFound();
    return user;
  }

  /**
   * The user's avatar file, for people who work with them only (a shared workspace or project):
   * anyone else gets null, as for a user without an avatar.
   */
  async avatar(viewerId: number, userId: number): Promise<StoredFile | null> {
    const users = this.uow.read.users;
    const user = (await users.areAcquainted(viewerId, userId)) ? await users.findById(userId) : undefined;
    return user?.avatar_key ? this.storage.get(user.avatar_key) : null;
  }

  async notificationsPreferences(userId: number): Promise<NotificationsPreferences> {
    return presentNotificationsPreferences(await this.uow.read.users.preferencesOf(userId));
  }
}
