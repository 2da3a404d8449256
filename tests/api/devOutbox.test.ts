import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildUser } from './factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ DEV_OUTBOX: 'true' });
  const user = await buildUser(t.ctx, { email: 'outbox-owner@example.com' });
  await new ApiClient(t.baseUrl).post('/users/password', { email: user.email });
  await t.ctx.jobs.idle();
});
afterAll(async () => t.close());

const outboxFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', remoteAddress, headers });

describe('the development outbox answers only callers on this machine', () => {
  it('shows the mails, reset links included, to a loopback caller', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await outboxFrom(address);
      expect(answer.statusCode, address).toBe(200);
      expect(answer.body).toContain('reset_password_token=');
    }
    const status = await new ApiClient(t.baseUrl).get('/status');
    expect(status.body.response.dev_outbox).toBe(true);
  });

  it('answers 404, with no mail, to a caller from another machine', async () => {
    for (const address of ['10.0.0.7', '192.168.1.20', '203.0.113.9', '::ffff:203.0.113.9', 'fe80::1']) {
      const answer = await outboxFrom(address);
      expect(answer.statusCode, address).toBe(404);
      expect(answer.body).not.toContain('reset_password_token');
    }
    const status = await t.app.inject({ method: 'GET', url: '/api/v1/status', remoteAddress: '203.0.113.9' });
    expect(status.json().response.dev_outbox).toBe(false);
  });

  it('answers 404 to a request a proxy forwarded, even from loopback (the visitor is elsewhere)', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const answer = await new ApiClient(t.baseUrl).get('/dev/outbox', { [header]: '203.0.113.9' });
      expect(answer.status, header).toBe(404);
    }
  });
});
