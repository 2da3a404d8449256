import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const status = (headers: Record<string, string> = {}) =>
  fetch(`${t.baseUrl}/api/v1/status`, { headers }).then((r) => r.headers.get('x-request-id'));

describe('every answer names its request id', () => {
  it('keeps a sane X-Request-Id from the load balancer', async () => {
    expect(await status({ 'x-request-id': 'lb-7f3a.42:abc_DEF' })).toBe('lb-7f3a.42:abc_DEF');
  });

  it('makes a new id, different each time, when none is given', async () => {
    const [a, b] = [await status(), await status()];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('replaces an id too long or with unsafe characters', async () => {
    for (const given of ['x'.repeat(129), 'a b', 'id"}{"level":60', 'é']) {
      const answered = await status({ 'x-request-id': given });
      expect(answered, given).not.toBe(given);
      expect(answered).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers it on pages outside the API and on errors too', async () => {
    const missing = await fetch(`${t.baseUrl}/api/v1/no-such-route`, {
      headers: { 'x-request-id': 'req-404' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('req-404');
  });
});
