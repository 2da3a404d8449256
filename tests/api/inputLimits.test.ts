import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MAX } from '@common/validation';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildUser, buildWorkspace, signedIn } from './factories';
import { buildProject } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT_MB: '10' });
});
afterAll(async () => t.close());

type JsonSchema = Record<string, unknown>;

/** Every string in a request schema that has no length cap, as 'METHOD path: where'. */
function uncappedStrings(schema: unknown, where: string, out: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as JsonSchema;
  if (node.type === 'string' && node.maxLength === undefined && !node.enum && node.const === undefined) {
    out.push(where);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) uncappedStrings(child, `${where}.${name}`, out);
    } else if (Array.isArray(value)) {
      value.forEach((child, i) => uncappedStrings(child, `${where}.${key}[${i}]`, out));
    } else if (value && typeof value === 'object') {
      uncappedStrings(value, `${where}.${key}`, out);
    }
  }
}

describe('every string a caller sends is capped before any pattern runs', () => {
  it('caps the length of every string field of every request schema (OpenAPI)', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, JsonSchema>>;
    };
    const found: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const name = `${method.toUpperCase()} ${path}`;
        uncappedStrings(operation.requestBody, `${name} body`, found);
        for (const parameter of (operation.parameters ?? []) as JsonSchema[]) {
          uncappedStrings(
            parameter.schema,
            `${name} ${String(parameter.in)}.${String(parameter.name)}`,
            found,
          );
        }
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});

/** An answer within this bound is "at once": the backtracking pattern took seconds at 40 KB. */
const AT_ONCE_MS = 1000;

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await call();
  return { ms: performance.now() - start, result };
}

describe('each call that checks an e-mail answers at once, whatever the length', () => {
  const longest = `${'a'.repeat(64)}@${'b'.repeat(EMAIL_MAX - 64 - 1 - 4)}.com`;
  // The shape that froze the server: '@' then a long run of dots, here a megabyte of it.
  const hostile = `a@${'.'.repeat(1024 * 1024)}`;

  async function calls() {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const project = await buildProject(client, workspace.id);
    const user = await buildUser(t.ctx);
    const self = await signedIn(t.baseUrl, user);
    const anonymous = new ApiClient(t.baseUrl);
    return [
      {
        name: 'sign in',
        send: (email: string) => anonymous.post('/users/sign_in', { email, password: 'x' }),
      },
      {
        name: 'sign up',
        send: (email: string) =>
          anonymous.post('/users/sign_up', { user: { name: 'Ann Lee', email, password: 'long enough pw' } }),
      },
      { name: 'forgot password', send: (email: string) => anonymous.post('/users/password', { email }) },
      {
        name: 'resend code',
        send: (email: string) => anonymous.put('/users/access_code', { access_code: { email } }),
      },
      {
        name: 'workspace invitation',
        send: (email: string) =>
          client.post(`/workspaces/${workspace.id}/members/invite`, {
            invites: [{ email, role: 'collaborator' }],
          }),
      },
      {
        name: 'project invitation',
        send: (email: string) => client.post(`/projects/${project.id}/members/invite`, { invitees: [email] }),
      },
      {
        name: 'profile',
        send: (email: string) => {
          const form = new FormData();
          form.append('email', email);
          form.append('current_password', user.password);
          return self.request('PATCH', `/users/${user.id}`, form);
        },
      },
    ];
  }

  it('answers the longest allowed address and a megabyte-long one quickly, refusing the second', async () => {
    for (const call of await calls()) {
      const ok = await timed(() => call.send(longest));
      expect(ok.ms, `${call.name}, longest allowed`).toBeLessThan(AT_ONCE_MS);
      expect(ok.result.status, `${call.name}, longest allowed`).not.toBe(500);

      const bad = await timed(() => call.send(hostile));
      expect(bad.ms, `${call.name}, hostile`).toBeLessThan(AT_ONCE_MS);
      expect([400, 422, 429], `${call.name}, hostile`).toContain(bad.result.status);
    }
  });
});

describe('a refusal stays small, however much of the body is wrong', () => {
  it('names at most the first 20 wrong fields (50,000 bad markup points were answered one by one)', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    await buildProject(client, workspace.id);
    const points = Array.from({ length: 5000 }, () => ({ x: 'left', y: 'top' }));
    const markup = Array.from({ length: 10 }, () => ({
      points,
      stroke_color: '#FF0000',
      stroke_size: 2,
      is_relative: true,
    }));
    const answer = await fetch(`${t.baseUrl}/api/v1/comments`, {
      method: 'POST',
      headers: { cookie: client.cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify({ asset_id: 1, text: 'Too much', markup }),
    });
    const text = await answer.text();
    expect(answer.status).toBe(422);
    const error = (JSON.parse(text) as { response: { error: { code: string; details: object } } }).response
      .error;
    expect(error.code).toBe('invalid_record');
    expect(Object.keys(error.details)).toHaveLength(20);
    expect(text.length).toBeLessThan(8 * 1024);
  });
});
