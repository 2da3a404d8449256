import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { PreferenceRow, UserRow, UserWithPreferences } from '../../db/repositories/users';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { notFound } from '../../errors';

type StoredFile = NonNullable<Awaited<ReturnType<FileStorage['get']>>>;

/** Users as other features read them: the signed-in user, someone's avatar, one's notification settings. */
export class UserDirectory {
  constructor(
    private readonly uow: UnitOfWorkOf<'users'>,
    private readonly storage: FileStorage,
  ) {}

  /** The signed-in user with their preferences, for GET /users/me and the answers that carry the user. */
  async current(userId: number): Promise<UserWithPreferences | undefined> {
    return this.uow.read.users.withPreferences(userId);
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

  notificationsPreferences(userId: number): Promise<PreferenceRow> {
    return this.uow.read.users.preferencesOf(userId);
  }
}
