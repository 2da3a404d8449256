import { z } from 'zod';
import { emailField, messages, PASSWORD_MAX, nameField, passwordField, requiredText } from '../validation';
import { NAME_MAX, PASSWORD_MIN, PROFILE_NAME_MIN } from '../limits';

/** The calls of API.md "Authentication", whose names the spec leaves open. */

export const signInSchema = z.object({
  email: emailField('Email'),
  password: z
    .string({ error: messages.required('Password') })
    .min(1, { error: messages.required('Password') })
    .max(PASSWORD_MAX, { error: messages.maxLength('Password', PASSWORD_MAX) }),
  /** The e-mailed code, when two-step verification is on. */
  access_code: z.string().trim().max(20).optional(),
});
export type SignIn = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  user: z.object({
    name: nameField('Name', { min: PROFILE_NAME_MIN, max: NAME_MAX }),
    email: emailField('Email'),
    password: passwordField('Password', PASSWORD_MIN),
  }),
  /** Hash of the workspace or project invitation the user signs up from. */
  invite_hash: z.string().trim().max(200).optional(),
  access_code: z.string().trim().max(20).optional(),
});
export type SignUp = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailField('Email') });

export const resetPasswordSchema = z
  .object({
    password: passwordField('Password', PASSWORD_MIN),
    password_confirmation: z
      .string({ error: messages.required('Password confirmation') })
      .max(PASSWORD_MAX, { error: messages.maxLength('Password confirmation', PASSWORD_MAX) }),
    reset_password_token: requiredText('Reset password token', { max: 200 }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: messages.passwordConfirmation,
    path: ['password_confirmation'],
  });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const resendAccessCodeSchema = z.object({ access_code: z.object({ email: emailField('Email') }) });

/** GET /status: what the web app must know before it renders anything. */
export const appStatusSchema = z.object({
  maintenance: z.boolean(),
  /** 'production' makes the maintenance screen impossible to close. */
  environment: z.string(),
  /** True when e-mails go to the local outbox that /dev/outbox shows. */
  dev_outbox: z.boolean(),
  intercom_app_id: z.string().nullable(),
  /** The card processor the browser's card form talks to. */
  payments: z.object({ provider: z.enum(['sandbox', 'stripe']), publishable_key: z.string().nullable() }),
});
export type AppStatus = z.infer<typeof appStatusSchema>;

export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
