import { z } from 'zod';

/**
 * Banners and popups a user closed, remembered on the server per user (account-side §2): the
 * project limit banner, the suspended-for-downgrade popup, the pending downgrade banner and the
 * expired free trial popup. A key names the banner and what it was about.
 */
export const DISMISSAL_KEY_MAX = 100;

export const dismissalKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(DISMISSAL_KEY_MAX)
  .regex(/^[A-Za-z0-9_:.-]+$/, { error: 'Key may hold letters, digits and _ : . - only.' });

export const dismissalSchema = z.object({ key: dismissalKeySchema });

/** GET and POST /user_dismissals answer the keys the user closed, oldest first. */
export const dismissalsSchema = z.array(z.string());

/** The keys the web app uses, one per banner and workspace (per billing period for a pending downgrade). */
export const DISMISSAL_KEYS = {
  projectLimit: (workspaceId: number) => `project_limit:${workspaceId}`,
  suspendedForDowngrade: (workspaceId: number) => `suspended_for_downgrade:${workspaceId}`,
  pendingDowngrade: (workspaceId: number, billingPeriodEndsAt: string) =>
    `pending_downgrade:${workspaceId}:${billingPeriodEndsAt.slice(0, 10)}`,
  expiredTrial: (workspaceId: number) => `expired_trial:${workspaceId}`,
} as const;
