import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '@server/clock';
import { SHARE_UNLOCK_LIMITS, unlockDelayMs } from '@server/services/projects/sharedAccess';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const from = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });

async function passwordLink(password: string): Promise<string> {
  const cast = await buildProjectCast(t.baseUrl, t.ctx);
  const answer = await cast.owner.client.post(`/projects/${cast.project.id}/share`, { password });
  return answer.body.response.share_hash as string;
}

const unlock = (hash: string, password: string, address: number) =>
  new ApiClient(t.baseUrl).post(
    '/projects/shared_view/unlock',
    { share_hash: hash, password },
    from(address),
  );

/** How long the clock's sleep held the calls made inside `run`. */
async function heldDuring(clock: ManualClock, run: () => Promise<unknown>): Promise<number> {
  const before = clock.slept;
  await run();
  return clock.slept - before;
}

describe("a share link's password", () => {
  it('slows tries down as wrong ones pile up, up to 3 seconds, and never more', () => {
    expect([0, 10, 11, 15, 25, 500].map(unlockDelayMs)).toEqual([0, 0, 200, 1000, 3000, 3000]);
  });

  it("still opens for the right viewer after 30 strangers' wrong tries, slowed but not refused", async () => {
    const hash = await passwordLink('the real one');
    for (let i = 0; i < 30; i += 1) {
      const answer = await unlock(hash, `stranger guess ${i}`, 1 + (i % 6));
      expect([403, 429]).toContain(answer.status);
    }
    let answer: Awaited<ReturnType<typeof unlock>> | undefined;
    const held = await heldDuring(t.clock, async () => {
      answer = await unlock(hash, 'the real one', 100);
    });
    expect(answer?.status).toBe(200);
    expect(held).toBe(SHARE_UNLOCK_LIMITS.perLink.maxDelayMs);
  });

  it('holds a right and a wrong try alike, so hanging up early tells a guesser nothing', async () => {
    const hash = await passwordLink('same wait');
    for (let i = 0; i < 15; i += 1) await unlock(hash, `guess ${i}`, 10 + (i % 5));
    const wrong = await heldDuring(t.clock, () => unlock(hash, 'nope', 50));
    const right = await heldDuring(t.clock, () => unlock(hash, 'same wait', 51));
    expect(wrong).toBeGreaterThan(0);
    expect(right).toBe(wrong + SHARE_UNLOCK_LIMITS.perLink.stepMs);
  });

  it('limits one address to 10 tries per link in 15 minutes, and other addresses go on', async () => {
    const hash = await passwordLink('per address');
    for (let i = 0; i < SHARE_UNLOCK_LIMITS.perAddress.max; i += 1) {
      expect((await unlock(hash, `guess ${i}`, 60)).status).toBe(403);
    }
    expect((await unlock(hash, 'per address', 60)).status).toBe(429);
    expect((await unlock(hash, 'per address', 61)).status).toBe(200);
  });
});
