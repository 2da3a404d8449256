import { z } from 'zod';
import { ALARM_IDENTIFIERS, EMAIL_EVERY_VALUES } from './notificationAlarms';
import { emailField, messages, PASSWORD_MAX, passwordField, nameField } from '../validation';
import { NAME_MAX, PASSWORD_MIN, PROFILE_NAME_MIN } from '../limits';

export const DOWNLOAD_RESOLUTIONS = ['original', 'low_res'] as const;
export type DownloadResolution = (typeof DOWNLOAD_RESOLUTIONS)[number];

export const userPreferenceSchema = z.object({
  id: z.number().int(),
  is_2fa_enabled: z.boolean(),
  /** Size of downloaded images: the original file or a low-resolution copy. */
  asset_downloads_resolution: z.enum(DOWNLOAD_RESOLUTIONS),
  email_every: z.enum(EMAIL_EVERY_VALUES),
  /** Project ids in the user's manual order of the project list. */
  projects_order: z.array(z.number().int()),
});
export type UserPreference = z.infer<typeof userPreferenceSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Address of the avatar image, or null when the user has none. */
  avatar: z.string().nullable(),
  is_2fa_enabled: z.boolean(),
  /** HMAC of the user id for the support chat; null while the chat is not configured. */
  intercom_hash: z.string().nullable(),
  user_preference: userPreferenceSchema,
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The password asked again before a change a stolen session must not make alone. */
export const currentPasswordField = z.string().max(PASSWORD_MAX).optional();

/**
 * Profile fields sent as multipart form data (PATCH /users/{id}); the avatar is the file part.
 * A new e-mail needs `current_password`.
 */
export const profileFieldsSchema = z
  .object({
    name: nameField('Name', { min: PROFILE_NAME_MIN, max: NAME_MAX }).optional(),
    email: emailField('Email').optional(),
    current_password: currentPasswordField,
  })
  .strict();
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** JSON form of PATCH /users/{id}: preferences only. */
export const preferenceUpdateSchema = z
  .object({
    user_preference: z
      .object({
        asset_downloads_resolution: z.enum(DOWNLOAD_RESOLUTIONS).optional(),
        is_2fa_enabled: z.boolean().optional(),
      })
      .strict(),
    /** Required to turn two-step verification off. */
    current_password: currentPasswordField,
  })
  .strict();
export type PreferenceUpdate = z.infer<typeof preferenceUpdateSchema>;

export const updatePasswordSchema = z.object({
  old_password: passwordField('Old password', PASSWORD_MIN),
  new_password: passwordField('New password', PASSWORD_MIN),
});
export type UpdatePassword = z.infer<typeof updatePasswordSchema>;

/** The web form adds a confirmation that never leaves the browser. */
export const changePasswordFormSchema = updatePasswordSchema
  .extend({ new_password_confirmation: z.string() })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    error: messages.passwordConfirmation,
    path: ['new_password_confirmation'],
  });

export const alarmSchema = z.object({
  identifier: z.enum(ALARM_IDENTIFIERS),
  text: z.string(),
  value: z.boolean(),
});
export type Alarm = z.infer<typeof alarmSchema>;

/** The longest time zone name the server keeps (the IANA names are at most 32 characters). */
export const TIME_ZONE_MAX = 64;
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Whether `zone` is an IANA time zone name (not an offset) that Intl knows. */
export function isIanaTimeZone(zone: string): boolean {
  if (zone.length > TIME_ZONE_MAX || !IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_INVALID = 'is not a known time zone';
export const timeZoneSchema = z
  .string()
  .max(TIME_ZONE_MAX)
  .refine(isIanaTimeZone, { error: TIME_ZONE_INVALID });

export const notificationsPreferencesSchema = z.object({
  notification_alarms: z.array(alarmSchema),
  email_alarms: z.array(alarmSchema),
  email_every: z.enum(EMAIL_EVERY_VALUES),
  /** The IANA time zone the daily digest is sent in (09:00 local); the browser reports it. */
  time_zone: z.string(),
});
export type NotificationsPreferences = z.infer<typeof notificationsPreferencesSchema>;

const alarmToggle = z.object({ identifier: z.enum(ALARM_IDENTIFIERS), value: z.boolean() });
export const notificationsPreferencesUpdateSchema = z.object({
  notification_alarms: z.array(alarmToggle).optional(),
  email_alarms: z.array(alarmToggle).optional(),
  email_every: z.enum(EMAIL_EVERY_VALUES).optional(),
  time_zone: timeZoneSchema.optional(),
});
export type NotificationsPreferencesUpdate = z.infer<typeof notificationsPreferencesUpdateSchema>;
