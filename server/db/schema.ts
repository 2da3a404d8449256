import type { Generated } from 'kysely';

/**
 * Table definitions as Kysely sees them. Portable across SQLite and PostgreSQL:
 * timestamps are ISO 8601 strings (timestamptz in PostgreSQL, parsed back to strings),
 * booleans are 0/1 integers, lists are JSON text.
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Always lower case; unique. */
  email: string;
  password_hash: string;
  avatar_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserPreferencesTable {
  id: Generated<number>;
  user_id: number;
  is_2fa_enabled: Generated<number>;
  asset_downloads_resolution: Generated<string>;
  email_every: Generated<string>;
  /** JSON: {identifier: boolean}. */
  notification_alarms: Generated<string>;
  email_alarms: Generated<string>;
  /** JSON: number[]. */
  projects_order: Generated<string>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table cannot be replayed. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
  ip: string | null;
}

export interface AccessCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  eml_file: string;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_started_at: string;
  hits: number;
}

export interface Database {
  users: UsersTable;
  user_preferences: UserPreferencesTable;
  sessions: SessionsTable;
  access_codes: AccessCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
}
