import type { AssetDecision } from '@common/api/decisions';
import type { GuestDecisionAnswer } from '@common/api/guests';
import type { GuestRow } from '../../db/repositories/guests';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import type { SharedProject } from '../../policies/sharedReach';
import type { AssetDecisions } from './assetDecisions';
import { reachedAsset } from './reachedAsset';

/**
 * A guest's own decision on an asset's current round, through a review link (issue 26 items 1 and
 * 3): the members' AssetDecisions with the guest as reviewer, on assets the link reaches. The
 * round's decisions are answered as a guest may see them: reviewers by name only.
 */
export class GuestDecisions {
  constructor(
    private readonly uow: UnitOfWorkOf<'assetDecisions' | 'sharedAssets'>,
    private readonly decisions: AssetDecisions,
  ) {}

  /** The guest's decision and every decision on the asset's current round. */
  async get(project: SharedProject, guest: GuestRow, assetId: number): Promise<GuestDecisionAnswer> {
    const asset = await reachedAsset(this.uow.read.sharedAssets, project, assetId);
    const round = asset.current_version_id ?? 0;
    const own = await this.uow.read.assetDecisions.find(round, { guestId: guest.id });
    return forGuest(own ?? null, await this.decisions.ofRound(round));
  }

  /** Gives, changes or (null) takes back the guest's decision on the asset's current round. */
  async decide(
    project: SharedProject,
    guest: GuestRow,
    assetId: number,
    decision: AssetDecision | null,
  ): Promise<GuestDecisionAnswer> {
    const asset = await reachedAsset(this.uow.read.sharedAssets, project, assetId);
    const { decisions } = await this.decisions.decide({ guestId: guest.id }, asset, decision);
    return forGuest(decision, decisions);
  }
}

type Decisions = Awaited<ReturnType<AssetDecisions['ofRound']>>;

/** The guest's own decision, and the round's with every reviewer by name only (no id or avatar). */
function forGuest(own: AssetDecision | null, decisions: Decisions): GuestDecisionAnswer {
  return {
    decision: own,
    decisions: decisions.map((d) => ({ ...d, reviewer: { ...d.reviewer, id: null, avatar: null } })),
  };
}
