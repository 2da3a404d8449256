import type { Db } from '../database';

/** Leases on uploads, one holder each (server/adapters/uploads/uploadLocker.ts). Times are ms since the epoch. */
export class UploadLocksRepository {
  constructor(private readonly db: Db) {}

  /** Takes the lease when it is free or has run out; answers whether `holder` has it now. */
  async take(uploadId: string, holder: string, now: number, leaseMs: number): Promise<boolean> {
    const expires = now + leaseMs;
    const result = await this.db
      .insertInto('upload_locks')
      .values({ upload_id: uploadId, holder, expires_at_ms: expires, release_requested: 0 })
      .onConflict((oc) =>
        oc
          .column('upload_id')
          .doUpdateSet({ holder, expires_at_ms: expires, release_requested: 0 })
          .where('upload_locks.expires_at_ms', '<', now),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Prolongs `holder`'s lease; null when it is not theirs any more, else whether another asked for it. */
  async renew(
    uploadId: string,
    holder: string,
    now: number,
    leaseMs: number,
  ): Promise<{ releaseRequested: boolean } | null> {
    const row = await this.db
      .updateTable('upload_locks')
      .set({ expires_at_ms: now + leaseMs })
      .where('upload_id', '=', uploadId)
      .where('holder', '=', holder)
      .returning('release_requested')
      .executeTakeFirst();
    return row ? { releaseRequested: Number(row.release_requested) === 1 } : null;
  }

  /** Asks whoever holds the lease to let go. */
  async askRelease(uploadId: string): Promise<void> {
    await this.db
      .updateTable('upload_locks')
      .set({ release_requested: 1 })
      .where('upload_id', '=', uploadId)
      .execute();
  }

  async release(uploadId: string, holder: string): Promise<void> {
    await this.db
      .deleteFrom('upload_locks')
      .where('upload_id', '=', uploadId)
      .where('holder', '=', holder)
      .execute();
  }
}
