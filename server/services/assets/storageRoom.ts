import { ASSET_TEXTS } from '@common/api/assets';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import type { Repositories } from '../../db/repositories';
import { AppError } from '../../errors';
import { requireActive } from '../../policies/workspaces';
import type { WorkspaceAccess } from '../workspaces/workspaceAccess';

/** The repositories StorageRoom uses. */
export type StorageRoomRepositories = 'assetUploads' | 'users' | 'workspaces' | 'workspaceFacts';

/**
 * The one check of room in a workspace's storage, for every way bytes come in (tus and multipart
 * uploads, comment files): the bytes stored plus those the running uploads reserve, against the
 * plan's capacity. `take` runs inside the transaction that then reserves or counts the bytes,
 * under the workspace's lock, so two requests never both take the last room; everything it reads
 * then is read in that transaction: a read on another connection of the pool, while the lock is
 * held, waits for a connection that requests queued on the lock hold (it stalled 20 uploads at once
 * into one workspace for good: bench/loadMix.ts).
 */
export class StorageRoom {
  constructor(
    private readonly uow: UnitOfWorkOf<StorageRoomRepositories>,
    private readonly workspaces: WorkspaceAccess,
  ) {}

  /**
   * Locks the workspace and answers the bytes it has left for `userId` (a running upload's own
   * reservation of `ownReserved` bytes counts as left to it); 400 invalid_workspace when `bytes`
   * do not fit, 403 when the workspace is not active.
   */
  async take(
    tx: TxOf<StorageRoomRepositories>,
    workspaceId: number,
    userId: number,
    bytes: number,
    ownReserved = 0,
  ): Promise<number> {
    await tx.lock('workspaces', workspaceId);
    return this.left(tx, workspaceId, userId, bytes, ownReserved);
  }

  /** The same answer without the lock: a quick refusal before bytes are stored (`take` decides). */
  async check(workspaceId: number, userId: number, bytes: number): Promise<void> {
    await this.left(this.uow.read, workspaceId, userId, bytes, 0);
  }

  private async left(
    repos: Pick<Repositories, StorageRoomRepositories>,
    workspaceId: number,
    userId: number,
    bytes: number,
    ownReserved: number,
  ): Promise<number> {
    const state = await this.workspaces.stateOf(workspaceId, repos.workspaceFacts);
    requireActive(state);
    const reserved = await repos.assetUploads.reservedBytes(workspaceId);
    const left = state.storageAvailable - (reserved - ownReserved);
    if (bytes > left) throw await this.limitReached(repos, workspaceId, userId, state.isOnFreeTrial);
    return left;
  }

  /** 400 invalid_workspace with what the 'Storage limit reached!' popup shows to this caller. */
  private async limitReached(
    repos: Pick<Repositories, 'workspaces' | 'users'>,
    workspaceId: number,
    userId: number,
    isTrial: boolean,
  ): Promise<AppError> {
    const workspace = await repos.workspaces.findById(workspaceId);
    const owner = workspace ? await repos.users.findById(workspace.owner_id) : undefined;
    return new AppError(400, 'invalid_workspace', ASSET_TEXTS.storageLimitTitle, {
      workspace_id: workspaceId,
      is_owner: workspace?.owner_id === userId,
      is_trial: isTrial,
      owner: owner ? { name: owner.name, email: owner.email } : null,
    });
  }
}
