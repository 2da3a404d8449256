import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tus/server';
import { DatabaseLocker, type LeaseTimes } from '@server/adapters/uploads/uploadLocker';
import { startTestApp, type TestApp } from './harness';

/** Short times, so a lease that runs out does so within the test. */
const TIMES: LeaseTimes = { leaseMs: 400, renewMs: 50, acquireMs: 3000, pollMs: 20 };

/**
 * tus's lock on an upload across instances (server/adapters/uploads/uploadLocker.ts): two lockers
 * over one database stand for two instances.
 */
describe('the database lease on a tus upload', () => {
  let t: TestApp;
  let onA: DatabaseLocker;
  let onB: DatabaseLocker;

  beforeAll(async () => {
    t = await startTestApp();
    onA = new DatabaseLocker(t.ctx.uow.read.uploadLocks, TIMES);
    onB = new DatabaseLocker(t.ctx.uow.read.uploadLocks, TIMES);
  });
  afterAll(() => t.close());

  const signal = () => new AbortController().signal;

  it('makes a request on another instance wait, asks the holder to let go, and takes the upload once let go', async () => {
    const held = onA.newLock('a1');
    let askedToLetGo = false;
    await held.lock(signal(), () => {
      askedToLetGo = true;
      void held.unlock();
    });
    const started = Date.now();
    await onB.newLock('a1').lock(signal(), () => undefined);
    expect(askedToLetGo).toBe(true);
    // Taken once the holder let go, long before its lease would have run out on its own.
    expect(Date.now() - started).toBeLessThan(TIMES.acquireMs);
  });

  it('does not make requests on different uploads wait for each other', async () => {
    await onA.newLock('b1').lock(signal(), () => undefined);
    const started = Date.now();
    await onB.newLock('b2').lock(signal(), () => undefined);
    expect(Date.now() - started).toBeLessThan(TIMES.leaseMs);
  });

  it('takes over the lease of a holder that died, once it runs out', async () => {
    // A holder that took the lease and never renews it (its process is gone).
    expect(await t.ctx.uow.read.uploadLocks.take('c1', 'dead holder', Date.now(), TIMES.leaseMs)).toBe(true);
    const started = Date.now();
    await onB.newLock('c1').lock(signal(), () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMES.leaseMs - 50);
  });

  it("keeps a live holder's lease past its length by renewing it, and refuses the waiter at its deadline", async () => {
    const stubborn = onA.newLock('d1');
    await stubborn.lock(signal(), () => undefined); // asked to let go, but never does
    const waiter = onB.newLock('d1');
    await expect(waiter.lock(signal(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await stubborn.unlock();
    await onB.newLock('d1').lock(signal(), () => undefined);
  });

  it('gives up waiting when the request ends', async () => {
    await onA.newLock('e1').lock(signal(), () => undefined);
    const ended = new AbortController();
    setTimeout(() => ended.abort(), 100);
    const started = Date.now();
    await expect(onB.newLock('e1').lock(ended.signal, () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeLessThan(TIMES.acquireMs);
  });
});
