import { randomUUID } from 'node:crypto';
import { CURRENT_PASSWORD_REQUIRED, EMAIL_TAKEN, WRONG_OLD_PASSWORD } from '@common/api/errors';
import type {
  NotificationsPreferences,
  NotificationsPreferencesUpdate,
  PreferenceUpdate,
  ProfileFields,
  UpdatePassword,
} from '@common/api/users';
import { messages } from '@common/validation';
import type { Mailer } from '../../adapters/mail/mailer';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { Clock } from '../../clock';
import { isUniqueViolation, type PreferenceRow } from '../../db/repositories/users';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { invalidRecord, notFound } from '../../errors';
import { emailChangedEmail } from '../../emails/securityEmails';
import { reencodeImage } from '../../media/reencodeImage';
import { presentNotificationsPreferences } from '../../presenters/user';
import type { RateLimiter } from '../platform/rateLimiter';
import type { SessionService } from './sessions';
import { hashPassword, verifyPassword } from '../../secrets';

export interface AvatarUpload {
  filename: string;
  data: Buffer;
}

/** An avatar is stored at most this many pixels on its longer side. */
const AVATAR_MAX_SIDE = 512;

/** Tries at the current password from one account's sessions, before they are refused for a while. */
const PASSWORD_CHECKS = { max: 10, windowMinutes: 15 };

/**
 * A user's own account: profile, avatar, password and preferences. What a stolen session could
 * use to keep the account (a new e-mail, two-step off, a new password) needs the current password.
 */
export class ProfileService {
  constructor(
    private readonly uow: UnitOfWorkOf<'users'>,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
  ) {}

  async updateProfile(
    userId: number,
    fields: ProfileFields,
    avatar: AvatarUpload | undefined,
  ): Promise<void> {
    const users = this.uow.read.users;
    const user = await users.findById(userId);
    if (!user) throw notFound();
    const emailChanges = fields.email !== undefined && fields.email !== user.email;
    if (emailChanges) await this.confirmPassword(user, fields.current_password);
    if (fields.email && (await users.emailTaken(fields.email, userId))) {
      throw invalidRecord({ email: [EMAIL_TAKEN] });
    }
    let avatarKey: string | undefined;
    if (avatar) {
      const image = await reencodeImage(avatar.filename, avatar.data, { maxSide: AVATAR_MAX_SIDE });
      if (!image) throw invalidRecord({ avatar: [messages.file('Avatar')] });
      avatarKey = `avatars/${userId}/${randomUUID()}.${image.extension}`;
      await this.storage.put(avatarKey, image.data, image.contentType);
    }
    const changes = {
      ...(fields.name !== undefined ? { name: fields.name } : {}),
      ...(fields.email !== undefined ? { email: fields.email } : {}),
      ...(avatarKey ? { avatar_key: avatarKey } : {}),
    };
    try {
      await this.uow.transaction(async (tx) => {
        await tx.users.update(userId, { ...changes, updated_at: this.clock.now().toISOString() });
        if (Object.keys(changes).length === 0) return;
        await tx.record({
          type: 'user.profile_updated',
          actorId: userId,
          subject: { type: 'User', id: userId },
          data: { changed: Object.keys(changes) },
        });
      });
    } catch (error) {
      if (avatarKey) await this.storage.delete(avatarKey);
      if (isUniqueViolation(error)) throw invalidRecord({ email: [EMAIL_TAKEN] });
      throw error;
    }
    if (avatarKey && user.avatar_key) await this.storage.delete(user.avatar_key);
    if (emailChanges && fields.email) {
      const notice = { name: fields.name ?? user.name, oldEmail: user.email, newEmail: fields.email };
      await this.mailer.send(emailChangedEmail(notice, this.appUrl));
    }
  }

  /** Download resolution and two-step verification; turning two-step off signs out other sessions. */
  async updatePreferences(
    userId: number,
    update: PreferenceUpdate['user_preference'],
    currentPassword: string | undefined,
    currentSessionId: string,
  ): Promise<void> {
    const turnsTwoStepOff = update.is_2fa_enabled === false;
    if (turnsTwoStepOff) {
      const user = await this.uow.read.users.findById(userId);
      if (!user) throw notFound();
      await this.confirmPassword(user, currentPassword);
    }
    await this.savePreferences(userId, {
      ...(update.asset_downloads_resolution
        ? { asset_downloads_resolution: update.asset_downloads_resolution }
        : {}),
      ...(update.is_2fa_enabled !== undefined ? { is_2fa_enabled: update.is_2fa_enabled ? 1 : 0 } : {}),
    });
    if (turnsTwoStepOff) await this.sessions.destroyAllFor(userId, currentSessionId);
  }

  /** Changes the password after checking the current one; other sessions are signed out. */
  async changePassword(userId: number, input: UpdatePassword, currentSessionId: string): Promise<void> {
    const user = await this.uow.read.users.findById(userId);
    if (!user) throw notFound();
    await this.confirmPassword(user, input.old_password, 'old_password');
    const passwordHash = await hashPassword(input.new_password);
    await this.uow.transaction(async (tx) => {
      await tx.users.update(userId, {
        password_hash: passwordHash,
        updated_at: this.clock.now().toISOString(),
      });
      await tx.record({
        type: 'user.password_changed',
        actorId: userId,
        subject: { type: 'User', id: userId },
        data: { via: 'change' },
      });
    });
    await this.sessions.destroyAllFor(userId, currentSessionId);
  }

  async updateNotificationsPreferences(
    userId: number,
    update: NotificationsPreferencesUpdate,
  ): Promise<NotificationsPreferences> {
    const current = await this.uow.read.users.preferencesOf(userId);
    const merge = (stored: string, toggles: { identifier: string; value: boolean }[] | undefined) => {
      if (!toggles) return undefined;
      const values = JSON.parse(stored) as Record<string, boolean>;
      for (const t of toggles) values[t.identifier] = t.value;
      return JSON.stringify(values);
    };
    const notificationAlarms = merge(current.notification_alarms, update.notification_alarms);
    const emailAlarms = merge(current.email_alarms, update.email_alarms);
    await this.savePreferences(userId, {
      ...(notificationAlarms ? { notification_alarms: notificationAlarms } : {}),
      ...(emailAlarms ? { email_alarms: emailAlarms } : {}),
      ...(update.email_every ? { email_every: update.email_every } : {}),
      ...(update.time_zone && update.time_zone !== current.time_zone ? { time_zone: update.time_zone } : {}),
    });
    return presentNotificationsPreferences(await this.uow.read.users.preferencesOf(userId));
  }

  /** Writes the preferences that change, with the event saying which. */
  private async savePreferences(userId: number, values: Partial<Omit<PreferenceRow, 'id' | 'user_id'>>) {
    if (Object.keys(values).length === 0) return;
    await this.uow.transaction(async (tx) => {
      await tx.users.updatePreferences(userId, values);
      await tx.record({
        type: 'user.preferences_updated',
        actorId: userId,
        subject: { type: 'User', id: userId },
        data: { changed: Object.keys(values) },
      });
    });
  }

  /** 422 on `field` unless `password` is the account's password; tries are rate limited. */
  private async confirmPassword(
    user: { id: number; password_hash: string },
    password: string | undefined,
    field: 'current_password' | 'old_password' = 'current_password',
  ) {
    if (!password) throw invalidRecord({ [field]: [CURRENT_PASSWORD_REQUIRED] });
    await this.limiter.consume(`password_check:${user.id}`, PASSWORD_CHECKS);
    if (!(await verifyPassword(password, user.password_hash))) {
      throw invalidRecord({ [field]: [WRONG_OLD_PASSWORD] });
    }
  }
}
