import type { AssetDecision, AssetDecisionView, DecideAnswer } from '@common/api/decisions';
import type { Clock } from '../../clock';
import type { DecisionReviewerKey } from '../../db/repositories/assetDecisions';
import type { AssetRow } from '../../db/repositories/assets';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { authorizeDecide } from '../../policies/decisions';
import { presentDecision } from '../../presenters/decision';
import { projectEvent } from '../projects/projectEvents';
import { assetNotFound, type AssetAccess } from './assetAccess';

/** The repositories AssetDecisions uses. */
type AssetDecisionsRepositories = 'assetDecisions' | 'assetVersions' | 'assets' | 'projects';

export type { DecisionReviewerKey };

/**
 * Decisions per reviewer (issue 26 item 3): each member who may comment, and each guest of a
 * review link, gives their own decision ('approved' or 'changes_requested') on an asset's CURRENT
 * round, beside the asset's one approval, which they leave as it is. A decision belongs to its
 * round: a new round starts with none, and the earlier round's stay stored but are no longer shown.
 */
export class AssetDecisions {
  constructor(
    private readonly uow: UnitOfWorkOf<AssetDecisionsRepositories>,
    private readonly access: AssetAccess,
    private readonly clock: Clock,
  ) {}

  /** PUT /assets/{id}/decision: 404 for an asset the caller may not see, 403 when they may not decide. */
  async decideAsMember(
    userId: number,
    assetId: number,
    decision: AssetDecision | null,
  ): Promise<DecideAnswer> {
    const { asset, view } = await this.access.forAsset(userId, assetId);
    authorizeDecide(view);
    return this.decide({ userId }, asset, decision);
  }

  /**
   * Sets, changes or (null) takes back the reviewer's decision on the asset's current round, and
   * answers that round's decisions. The caller has let the reviewer in (a member's access and
   * policy above; a guest's link in the shared scope). An unchanged decision records nothing.
   */
  async decide(
    reviewer: DecisionReviewerKey,
    asset: Pick<AssetRow, 'id' | 'project_id'>,
    decision: AssetDecision | null,
  ): Promise<DecideAnswer> {
    const versionId = await this.uow.transaction(async (tx) => {
      // A new round uploaded meanwhile takes the lock too: the decision lands on the round current at commit.
      await tx.lock('projects', asset.project_id);
      const fresh = await tx.assets.findById(asset.id);
      if (!fresh || fresh.current_version_id === null) throw assetNotFound();
      const round = await tx.assetVersions.findById(fresh.current_version_id);
      const project = await tx.projects.findById(fresh.project_id);
      if (!round || !project) throw assetNotFound();
      const before = await tx.assetDecisions.find(round.id, reviewer);
      if ((before ?? null) === decision) return round.id;
      if (decision === null) await tx.assetDecisions.remove(round.id, reviewer);
      else
        await tx.assetDecisions.put(reviewer, {
          projectId: fresh.project_id,
          assetId: fresh.id,
          versionId: round.id,
          decision,
          now: this.clock.now().toISOString(),
        });
      const guestName =
        'guestId' in reviewer ? await tx.assetDecisions.guestName(reviewer.guestId) : undefined;
      await tx.record(
        projectEvent(project, 'userId' in reviewer ? reviewer.userId : null, 'asset.decided', {
          subject: { type: 'Asset', id: fresh.id },
          data: {
            name: fresh.name,
            number: round.number,
            version_id: round.id,
            decision,
            ...(guestName === undefined ? {} : { guest_name: guestName }),
          },
        }),
      );
      return round.id;
    });
    return { decisions: await this.ofRound(versionId) };
  }

  /** The decisions on one round, earliest first (what a guest's asset answer may carry too). */
  async ofRound(versionId: number): Promise<AssetDecisionView[]> {
    return (await this.uow.read.assetDecisions.forRounds([versionId])).map(presentDecision);
  }
}
