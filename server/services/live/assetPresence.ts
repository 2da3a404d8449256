import { PRESENCE_TTL_SECONDS, type AssetViewer } from '@common/api/liveEvents';
import type { Logger } from 'pino';
import type { EventBus } from '../../adapters/bus/eventBus';
import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { authorizeAssets } from '../../policies/assets';
import { presentViewers } from '../../presenters/liveMessage';
import type { AssetAccess } from '../assets/assetAccess';

/**
 * Presence (issue 24 item 5): who is looking at an asset. The asset page says it is there (join,
 * every PRESENCE_HEARTBEAT_SECONDS) and that it leaves; a stay not renewed within
 * PRESENCE_TTL_SECONDS ends by itself (`sweep`). Kept in the database, so instances share it; each
 * change is a signal on the bus, from which every instance's live stream tells the project's members.
 */
export class AssetPresence {
  constructor(
    private readonly uow: UnitOfWorkOf<'assetViewers'>,
    private readonly assetAccess: AssetAccess,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** PUT /assets/{id}/viewers: the caller looks at the asset; answers its viewers, the caller among them. */
  async join(userId: number, assetId: number): Promise<AssetViewer[]> {
    const { asset, view } = await this.assetAccess.forAsset(userId, assetId);
    authorizeAssets(view, 'see');
    const now = this.clock.now();
    const arrived = await this.uow.transaction((tx) =>
      tx.assetViewers.touch({
        assetId: asset.id,
        projectId: asset.project_id,
        userId,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + PRESENCE_TTL_SECONDS * 1000).toISOString(),
      }),
    );
    if (arrived) await this.changed(asset.project_id, asset.id);
    return this.viewers(asset.id);
  }

  /** DELETE /assets/{id}/viewers: the caller left the asset; answers who still looks at it. */
  async leave(userId: number, assetId: number): Promise<AssetViewer[]> {
    const { asset, view } = await this.assetAccess.forAsset(userId, assetId);
    authorizeAssets(view, 'see');
    const now = this.clock.now().toISOString();
    const left = await this.uow.transaction((tx) => tx.assetViewers.remove(asset.id, userId, now));
    if (left) await this.changed(asset.project_id, asset.id);
    return this.viewers(asset.id);
  }

  /** The asset's viewers now, earliest arrival first (for the stream's message; no access check). */
  async viewers(assetId: number): Promise<AssetViewer[]> {
    return presentViewers(await this.uow.read.assetViewers.viewers(assetId, this.clock.now().toISOString()));
  }

  /** Ends the stays whose time has passed and tells of each asset whose viewers changed. */
  async sweep(): Promise<number> {
    const now = this.clock.now().toISOString();
    const changed = await this.uow.transaction((tx) => tx.assetViewers.sweep(now));
    for (const { projectId, assetId } of changed) await this.changed(projectId, assetId);
    return changed.length;
  }

  private async changed(projectId: number, assetId: number): Promise<void> {
    await this.bus
      .signal({ type: 'asset.viewers_changed', projectId, assetId })
      .catch((err: unknown) => this.log.warn({ err, assetId }, 'presence change not signalled'));
  }
}
