import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@common/api/errorBody';
import { NOT_FOUND, PAYLOAD_TOO_LARGE } from '@common/api/errors';
import { buildUser } from './factories';
import { ApiClient, startTestApp, type Json, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Runs `body` against an app started with `env`, and always closes it. */
async function withApp(env: Record<string, string>, body: (app: TestApp) => Promise<void>): Promise<void> {
  const app = await startTestApp(env);
  try {
    await body(app);
  } finally {
    await app.close();
  }
}

/** A raw request, for bodies the JSON client would not send. */
async function rawPost(baseUrl: string, path: string, body: string, contentType = 'application/json') {
  const answer = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  const text = await answer.text();
  return { status: answer.status, contentType: answer.headers.get('content-type'), text };
}

function expectErrorEnvelope(text: string, code?: string) {
  const parsed = errorBodySchema.safeParse(JSON.parse(text));
  expect(parsed.success, `not in the error envelope: ${text}`).toBe(true);
  if (code && parsed.success) expect(parsed.data.response.error.code).toBe(code);
  return parsed.data?.response.error;
}

describe('GET /status', () => {
  it('tells the web app the maintenance flag, environment, outbox and chat settings', async () => {
    const answer = await new ApiClient(t.baseUrl).get('/status');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      response: {
        maintenance: false,
        environment: 'test',
        dev_outbox: true,
        intercom_app_id: null,
        payments: { provider: 'sandbox', publishable_key: null },
      },
    });
  });

  it('shows maintenance true and the chat id when configured', async () => {
    await withApp({ MAINTENANCE: 'true', INTERCOM_APP_ID: 'chat-app-1' }, async (app) => {
      const answer = await new ApiClient(app.baseUrl).get('/status');
      expect(answer.status).toBe(200);
      expect(answer.body.response).toMatchObject({ maintenance: true, intercom_app_id: 'chat-app-1' });
    });
  });

  it('shows production with the outbox off', async () => {
    await withApp({ NODE_ENV: 'production' }, async (app) => {
      const answer = await new ApiClient(app.baseUrl).get('/status');
      expect(answer.body.response).toMatchObject({
        environment: 'production',
        dev_outbox: false,
        maintenance: false,
      });
      const outbox = await new ApiClient(app.baseUrl).get('/dev/outbox');
      expect(outbox.status).toBe(404);
    });
  });
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3 document listing the account calls', async () => {
    const answer = await new ApiClient(t.baseUrl).get('/openapi.json');
    expect(answer.status).toBe(200);
    const doc: Json = answer.body;
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.paths['/api/v1/users/sign_in']).toHaveProperty('post');
    expect(doc.paths['/api/v1/users/sign_up']).toHaveProperty('post');
    expect(doc.paths['/api/v1/users/{id}']).toHaveProperty('patch');
    expect(doc.paths['/api/v1/users/{id}/update_password']).toHaveProperty('post');
    expect(doc.paths['/api/v1/notifications_preferences']).toHaveProperty('get');
    expect(doc.paths['/api/v1/notifications_preferences']).toHaveProperty('patch');
    // Generated from the zod schemas: the sign-in body names its fields.
    const signInBody = doc.paths['/api/v1/users/sign_in'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(signInBody.properties)).toEqual(
      expect.arrayContaining(['email', 'password', 'access_code']),
    );
    expect(doc.paths).not.toHaveProperty('/api/v1/openapi.json');
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/no/such/call'],
    ['POST', '/users/no_such_action'],
    ['DELETE', '/notifications_preferences'],
  ])('%s %s answers 404 not_found in the envelope', async (method, path) => {
    const answer = await new ApiClient(t.baseUrl).request(method, path, method === 'GET' ? undefined : {});
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.body).toEqual({ response: { error: { code: 'not_found', message: NOT_FOUND } } });
  });
});

describe('GET /dev/outbox', () => {
  it('lists the mails newest first', async () => {
    const first = await buildUser(t.ctx);
    const second = await buildUser(t.ctx);
    const client = new ApiClient(t.baseUrl);
    // Each mail is written by a job: the first is in the outbox before the second is asked for.
    expect((await client.post('/users/password', { email: first.email })).status).toBe(200);
    await t.ctx.jobs.idle();
    expect((await client.post('/users/password', { email: second.email })).status).toBe(200);
    await t.ctx.jobs.idle();

    const answer = await client.get('/dev/outbox');
    expect(answer.status).toBe(200);
    const mails: Json[] = answer.body.response;
    expect(mails.slice(0, 2).map((m) => m.to)).toEqual([second.email, first.email]);
    expect(mails[0]).toMatchObject({
      id: expect.any(Number),
      subject: 'Reset your Proofroom password',
      text: expect.stringContaining('reset_password_token='),
      created_at: expect.any(String),
    });
    const ids = mails.map((m) => m.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('answers 404 when DEV_OUTBOX=false, and the status says so', async () => {
    await withApp({ DEV_OUTBOX: 'false' }, async (app) => {
      const user = await buildUser(app.ctx);
      const client = new ApiClient(app.baseUrl);
      await client.post('/users/password', { email: user.email });
      const answer = await client.get('/dev/outbox');
      expect(answer.status).toBe(404);
      expect(answer.body.response.error.code).toBe('not_found');
      expect(JSON.stringify(answer.body)).not.toContain('reset_password_token');
      expect((await client.get('/status')).body.response.dev_outbox).toBe(false);
    });
  });
});

describe('request bodies', () => {
  it('refuses a JSON body over BODY_LIMIT_MB with 413 payload_too_large, and takes one under it', async () => {
    await withApp({ BODY_LIMIT_MB: '0.01' }, async (app) => {
      const limit = Math.round(0.01 * 1024 * 1024);
      /** A sign-in body of exactly `size` bytes. */
      const padded = (size: number) => {
        const base = { email: 'someone@example.com', password: 'wrong password', padding: '' };
        return JSON.stringify({ ...base, padding: 'p'.repeat(size - JSON.stringify(base).length) });
      };
      expect(padded(limit + 200)).toHaveLength(limit + 200);

      const over = await rawPost(app.baseUrl, '/users/sign_in', padded(limit + 200));
      expect(over.status).toBe(413);
      expect(expectErrorEnvelope(over.text, 'payload_too_large')?.message).toBe(PAYLOAD_TOO_LARGE);

      const under = await rawPost(app.baseUrl, '/users/sign_in', padded(limit - 200));
      expect(under.status).toBe(401);
      expectErrorEnvelope(under.text, 'invalid_credentials');
    });
  });

  it('answers malformed JSON with 400 in the error envelope', async () => {
    const answer = await rawPost(t.baseUrl, '/users/sign_in', '{"email": "a@example.com", "password": ');
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/application\/json/);
    const error = expectErrorEnvelope(answer.text);
    expect(error?.code).toEqual(expect.any(String));
    expect(error?.message).toEqual(expect.any(String));
  });

  it('reads an empty JSON body as {}: a call that needs fields answers 422 in the error envelope', async () => {
    const answer = await rawPost(t.baseUrl, '/users/sign_in', '');
    expect(answer.status).toBe(422);
    expectErrorEnvelope(answer.text);
  });

  it('answers an unsupported content type with an error in the envelope', async () => {
    const answer = await rawPost(t.baseUrl, '/users/sign_in', 'email=a@example.com', 'text/plain');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectErrorEnvelope(answer.text);
  });
});
