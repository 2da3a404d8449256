import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_MAIL } from '@server/jobs/mailJob';
import { buildUser } from './factories';
import { ApiClient, lastMailTo, startTestApp, type TestApp } from './harness';
import { startSmtpServer, type SmtpTestServer } from './smtpServer';

/** Every e-mail is a job (issue 9): the request never waits for SMTP, and no message is lost. */
describe('e-mail as jobs', () => {
  let slowSmtp: SmtpTestServer;
  let app: TestApp;
  beforeAll(async () => {
    slowSmtp = await startSmtpServer({ acceptDelayMs: 1500 });
    app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${slowSmtp.port}?ignoreTLS=true` });
  });
  afterAll(async () => {
    await app.close();
    await slowSmtp.close();
  });

  it('answers a reset request before the SMTP server has accepted the message, which arrives after', async () => {
    const user = await buildUser(app.ctx);
    const answer = await new ApiClient(app.baseUrl).post('/users/password', { email: user.email });
    expect(answer.status).toBe(200);
    // The server holds each message 1.5 s: had the request waited for it, it would be here already.
    expect(slowSmtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(0);
    await app.ctx.jobs.idle();
    expect(slowSmtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });
});

describe('a refused delivery', () => {
  it('is retried with a growing delay until the SMTP server takes it', async () => {
    const smtp = await startSmtpServer({ refuseFirst: 2 });
    const app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
    try {
      const user = await buildUser(app.ctx);
      await new ApiClient(app.baseUrl).post('/users/password', { email: user.email });
      await app.ctx.jobs.idle();
      expect(smtp.refused()).toBe(1);
      expect(smtp.received).toHaveLength(0);

      // The first retry waits 10 s, the second 20 s: neither runs before its time.
      app.clock.advance(9_000);
      await app.ctx.jobs.idle();
      expect(smtp.refused()).toBe(1);
      app.clock.advance(2_000);
      await waitUntil(() => smtp.refused() === 2);
      // The retry's time is set from the clock when the run records its failure, a moment after
      // the SMTP server refused: the clock moves on only once that is done.
      await app.ctx.jobs.idle();
      app.clock.advance(21_000);
      await waitUntil(() => smtp.received.length === 1);
      expect(smtp.received[0]?.to).toEqual([user.email]);
      expect(await app.ctx.jobs.failed(SEND_MAIL)).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('a process stopped between the request and the send', () => {
  it('sends the mail when the app starts again', async () => {
    // A web process that runs no jobs stands for one that stopped before its job ran.
    const first = await startTestApp({ WORKER: 'false' });
    const user = await buildUser(first.ctx);
    await new ApiClient(first.baseUrl).post('/users/password', { email: user.email });
    await first.close({ keepData: true });

    const again = await startTestApp({}, { reuse: first });
    try {
      const mail = await lastMailTo(again.ctx, user.email);
      expect(mail?.subject).toBe('Reset your Proofroom password');
    } finally {
      await again.close();
    }
  });
});

describe('known and unknown addresses answer in the same time', () => {
  let smtp: SmtpTestServer;
  let app: TestApp;
  beforeAll(async () => {
    // A slow SMTP server: a request that waited for delivery would stand out by 300 ms.
    smtp = await startSmtpServer({ acceptDelayMs: 300 });
    app = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      TRUST_PROXY: 'true',
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const ROUNDS = 20;

  async function medians(call: (email: string, round: number) => Promise<number>, known: string[]) {
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    await call(`warm-up@unknown.example`, -1);
    for (let round = 0; round < ROUNDS; round += 1) {
      knownTimes.push(await call(known[round]!, round));
      unknownTimes.push(await call(`nobody-${round}@unknown.example`, round));
    }
    return { known: median(knownTimes), unknown: median(unknownTimes) };
  }

  function expectAlike({ known, unknown }: { known: number; unknown: number }) {
    // Within a few milliseconds: far below the 300 ms an SMTP round trip would add.
    expect(Math.abs(known - unknown)).toBeLessThan(Math.max(15, unknown * 0.5));
  }

  it('forgot password: the medians of 20 calls each differ by less than the noise', async () => {
    const users = await Promise.all(Array.from({ length: ROUNDS }, () => buildUser(app.ctx)));
    const client = new ApiClient(app.baseUrl);
    const timed = async (email: string, round: number) => {
      const start = performance.now();
      const answer = await client.post(
        '/users/password',
        { email },
        { 'x-forwarded-for': `10.9.0.${round + 2}` },
      );
      const elapsed = performance.now() - start;
      expect(answer.status).toBe(200);
      return elapsed;
    };
    expectAlike(
      await medians(
        timed,
        users.map((u) => u.email),
      ),
    );
  });

  it('resend code: the medians of 20 calls each differ by less than the noise', async () => {
    const users = await Promise.all(
      Array.from({ length: ROUNDS }, () => buildUser(app.ctx, { twoStep: true })),
    );
    const client = new ApiClient(app.baseUrl);
    const timed = async (email: string) => {
      const start = performance.now();
      const answer = await client.put('/users/access_code', { access_code: { email } });
      const elapsed = performance.now() - start;
      expect(answer.status).toBe(200);
      return elapsed;
    };
    expectAlike(
      await medians(
        timed,
        users.map((u) => u.email),
      ),
    );
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
