/** Business constants shared by the server and the web app (account-side §9, projects-side §9). */
export const PASSWORD_MIN = 8;
export const PROFILE_NAME_MIN = 2;
export const NAME_MAX = 100;
export const INVITE_MESSAGE_MAX = 300;
export const SNACKBAR_MS = 9000;
export const DEFAULT_PAGE_SIZE = 100;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;

export const ACCESS_CODE_TTL_MINUTES = 10;
/** How long a code lasts, said the same way in the code e-mail and on the code screen. */
export const ACCESS_CODE_LIFETIME_TEXT = `It expires in ${ACCESS_CODE_TTL_MINUTES} minutes.`;
export const ACCESS_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 120;
export const SESSION_TTL_DAYS = 30;

/** Rate limits: attempts allowed per window. */
export const RATE_LIMITS = {
  signIn: { max: 10, windowMinutes: 15 },
  resetEmail: { max: 5, windowMinutes: 60 },
  accessCodeEmail: { max: 5, windowMinutes: 15 },
  signUp: { max: 20, windowMinutes: 60 },
} as const;

/** Invitation e-mails one user may send a day (UTC), across workspaces; INVITE_EMAILS_PER_DAY overrides it. */
export const INVITE_EMAILS_PER_DAY = 50;

/** Breadcrumb truncation (projects-side §2): the project crumb alone, and with deeper levels after it. */
export const BREADCRUMB_PROJECT_MAX = 75;
export const BREADCRUMB_NESTED_MAX = 30;

/** A project's uploaded cover (docs/decisions.md): an image of these types, 10 MB at most. */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
export const COVER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
