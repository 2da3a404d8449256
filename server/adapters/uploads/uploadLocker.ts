import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Config } from '../../config';
import type { UploadLocksRepository } from '../../db/repositories/uploadLocks';

export interface LeaseTimes {
  /** How long a lease lasts unless renewed: how long a dead holder keeps an upload. */
  leaseMs: number;
  /** How often a holder renews it, and looks whether another request asked for it. */
  renewMs: number;
  /** How long a request waits for the lease before tus refuses it (ERR_LOCK_TIMEOUT). */
  acquireMs: number;
  /** Between two tries to take it. */
  pollMs: number;
}

const LEASE_TIMES: LeaseTimes = { leaseMs: 10_000, renewMs: 2_000, acquireMs: 30_000, pollMs: 200 };

/** In one process's memory when uploads gather on its own disk; in the database when any instance may take them. */
export function createUploadLocker(config: Pick<Config, 'storage'>, locks: UploadLocksRepository): Locker {
  return config.storage.driver === 's3' ? new DatabaseLocker(locks) : new MemoryLocker();
}

/**
 * tus's locker over a lease in the database, so that one request at a time writes an upload
 * across instances. A request that finds the lease held asks its holder to let go (the client came
 * back on another connection: tus ends the old request) and takes it once released or run out.
 */
export class DatabaseLocker implements Locker {
  constructor(
    private readonly locks: UploadLocksRepository,
    private readonly times: LeaseTimes = LEASE_TIMES,
  ) {}

  newLock(id: string): Lock {
    return new DatabaseLock(id, this.locks, this.times);
  }
}

class DatabaseLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly id: string,
    private readonly locks: UploadLocksRepository,
    private readonly times: LeaseTimes,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { leaseMs, acquireMs, pollMs, renewMs } = this.times;
    const deadline = Date.now() + acquireMs;
    while (!(await this.locks.take(this.id, this.holder, Date.now(), leaseMs))) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- @tus/server's error convention
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.locks.askRelease(this.id);
      await sleep(pollMs);
    }
    this.renewal = setInterval(() => void this.renew(requestRelease), renewMs);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    await this.locks.release(this.id, this.holder);
  }

  private async renew(requestRelease: RequestRelease): Promise<void> {
    // A renewal the database did not answer is tried again at the next tick; the lease outlives a few.
    const state = await this.locks
      .renew(this.id, this.holder, Date.now(), this.times.leaseMs)
      .catch(() => ({ releaseRequested: false }));
    if (state === null || state.releaseRequested) await requestRelease();
  }
}
