import { z } from 'zod';
import type { Capability } from '../projectRoles';

/**
 * Decisions per reviewer (issue 26 item 3): beside the asset's one approval (projects-side §4,
 * unchanged), every member who may comment and every guest of a review link gives their own
 * decision on the asset's CURRENT round. A new round starts with none; the earlier rounds' decisions
 * are kept but no longer shown. See docs/decisions.md, "Decisions per reviewer".
 */

export const ASSET_DECISIONS = ['approved', 'changes_requested'] as const;
export type AssetDecision = (typeof ASSET_DECISIONS)[number];

export const ASSET_DECISION_LABELS: Record<AssetDecision, string> = {
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

/** What the caller's own control offers, by decision. */
export const ASSET_DECISION_ACTIONS: Record<AssetDecision, string> = {
  approved: 'Approve',
  changes_requested: 'Request changes',
};

/** A member decides when they may comment (§6 comments.add): owners and collaborators, not View Only. */
export const DECISION_CAPABILITY = 'comments.add' satisfies Capability;

export const DECISION_TEXTS = {
  decisionInvalid: 'Decision should be “approved”, “changes_requested” or null.',
  mayNotDecide: 'Only members who may comment can give a decision.',
} as const;

/** PUT /assets/{id}/decision (and a guest's PUT /shared/{shareHash}/assets/{id}/decision). */
export const decideRequestSchema = z
  .object({
    /** The caller's decision on the asset's current round; null takes it back. */
    decision: z.enum(ASSET_DECISIONS, { error: DECISION_TEXTS.decisionInvalid }).nullable(),
  })
  .strict();
export type DecideRequest = z.input<typeof decideRequestSchema>;

/** Who decided: a member (id, name, avatar) or a guest of a review link (id null, no avatar). */
export const decisionReviewerSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
  is_guest: z.boolean(),
});
export type DecisionReviewer = z.infer<typeof decisionReviewerSchema>;

export const assetDecisionSchema = z.object({
  reviewer: decisionReviewerSchema,
  decision: z.enum(ASSET_DECISIONS),
  /** When this reviewer last gave or changed their decision. */
  decided_at: z.string(),
});
export type AssetDecisionView = z.infer<typeof assetDecisionSchema>;

/** The decisions on an asset's current round, earliest first. */
export const assetDecisionsSchema = z.array(assetDecisionSchema);

/** The answer of PUT /assets/{id}/decision: the current round's decisions after the change. */
export const decideAnswerSchema = z.object({ decisions: assetDecisionsSchema });
export type DecideAnswer = z.infer<typeof decideAnswerSchema>;

/** How many decisions a summary shows as avatars before a '+N'. */
export const DECISION_AVATARS_SHOWN = 8;

/**
 * The faces a summary shows and the rest behind its '+N': all of them when they fit in `max`,
 * otherwise `max - 1` faces and the '+N' in the last place.
 */
export function facesAndRest<T>(decisions: readonly T[], max = DECISION_AVATARS_SHOWN) {
  const shown = decisions.length > max ? decisions.slice(0, Math.max(0, max - 1)) : decisions.slice();
  return { shown, rest: decisions.slice(shown.length) };
}

/** The counts a grid tile shows. */
export function decisionCounts(decisions: readonly Pick<AssetDecisionView, 'decision'>[]) {
  let approved = 0;
  let changesRequested = 0;
  for (const d of decisions) {
    if (d.decision === 'approved') approved += 1;
    else changesRequested += 1;
  }
  return { approved, changes_requested: changesRequested };
}
