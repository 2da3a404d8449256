import { randomUUID } from 'node:crypto';
import { EMAIL_TAKEN, WRONG_OLD_PASSWORD } from '@common/api/errors';
import type {
  NotificationsPreferencesUpdate,
  PreferenceUpdate,
  ProfileFields,
  UpdatePassword,
} from '@common/api/users';
import { messages } from '@common/validation';
import type { FileStorage } from '../adapters/storage/fileStorage';
import type { Clock } from '../clock';
import { isUniqueViolation, type PreferenceRow, type UsersRepository } from '../db/repositories/users';
import { invalidRecord, notFound } from '../errors';
import { avatarKind, CONTENT_TYPES } from '../media/imageSignature';
import type { SessionService } from './sessions';
import { hashPassword, verifyPassword } from './secrets';

export interface AvatarUpload {
  filename: string;
  data: Buffer;
}

/** A user's own account: profile, avatar, password and preferences. */
export class ProfileService {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly sessions: SessionService,
  ) {}

  async updateProfile(
    userId: number,
    fields: ProfileFields,
    avatar: AvatarUpload | undefined,
  ): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound();
    if (fields.email && (await this.users.emailTaken(fields.email, userId))) {
      throw invalidRecord({ email: [EMAIL_TAKEN] });
    }
    let avatarKey: string | undefined;
    if (avatar) {
      const kind = avatarKind(avatar.filename, avatar.data);
      if (!kind) throw invalidRecord({ avatar: [messages.file('Avatar')] });
      avatarKey = `avatars/${userId}/${randomUUID()}.${kind === 'jpeg' ? 'jpg' : kind}`;
      await this.storage.put(avatarKey, avatar.data, CONTENT_TYPES[kind]);
    }
    try {
      await this.users.update(userId, {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.email !== undefined ? { email: fields.email } : {}),
        ...(avatarKey ? { avatar_key: avatarKey } : {}),
        updated_at: this.clock.now().toISOString(),
      });
    } catch (error) {
      if (avatarKey) await this.storage.delete(avatarKey);
      if (isUniqueViolation(error)) throw invalidRecord({ email: [EMAIL_TAKEN] });
      throw error;
    }
    if (avatarKey && user.avatar_key) await this.storage.delete(user.avatar_key);
  }

  async updatePreferences(userId: number, update: PreferenceUpdate['user_preference']): Promise<void> {
    await this.users.updatePreferences(userId, {
      ...(update.asset_downloads_resolution
        ? { asset_downloads_resolution: update.asset_downloads_resolution }
        : {}),
      ...(update.is_2fa_enabled !== undefined ? { is_2fa_enabled: update.is_2fa_enabled ? 1 : 0 } : {}),
    });
  }

  /** Changes the password after checking the current one; other sessions are signed out. */
  async changePassword(userId: number, input: UpdatePassword, currentSessionId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound();
    if (!(await verifyPassword(input.old_password, user.password_hash))) {
      throw invalidRecord({ old_password: [WRONG_OLD_PASSWORD] });
    }
    await this.users.update(userId, {
      password_hash: await hashPassword(input.new_password),
      updated_at: this.clock.now().toISOString(),
    });
    await this.sessions.destroyAllFor(userId, currentSessionId);
  }

  async updateNotificationsPreferences(
    userId: number,
    update: NotificationsPreferencesUpdate,
  ): Promise<PreferenceRow> {
    const current = await this.users.preferencesOf(userId);
    const merge = (stored: string, toggles: { identifier: string; value: boolean }[] | undefined) => {
      if (!toggles) return undefined;
      const values = JSON.parse(stored) as Record<string, boolean>;
      for (const t of toggles) values[t.identifier] = t.value;
      return JSON.stringify(values);
    };
    const notificationAlarms = merge(current.notification_alarms, update.notification_alarms);
    const emailAlarms = merge(current.email_alarms, update.email_alarms);
    await this.users.updatePreferences(userId, {
      ...(notificationAlarms ? { notification_alarms: notificationAlarms } : {}),
      ...(emailAlarms ? { email_alarms: emailAlarms } : {}),
      ...(update.email_every ? { email_every: update.email_every } : {}),
    });
    return this.users.preferencesOf(userId);
  }
}
