import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { buildWorkspace } from './factories';
import { buildProject } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

interface Operation {
  requestBody?: unknown;
}

describe('a bodiless call sent with a JSON content type and no body', () => {
  it('reads the empty body as {} on every route that takes no body', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const project = await buildProject(client, workspace.id);
    const doc = (await (await fetch(`${t.baseUrl}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const bodiless: { method: string; path: string }[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        // The live stream (GET /events) answers a stream that stays open: it takes no body either way.
        if (path.endsWith('/events')) continue;
        if (!operation.requestBody) bodiless.push({ method: method.toUpperCase(), path });
      }
    }
    // Signing out ends the session the other calls use: last.
    bodiless.sort((a, b) => Number(a.path.endsWith('sign_out')) - Number(b.path.endsWith('sign_out')));
    expect(bodiless.length).toBeGreaterThan(40);
    expect(bodiless.some((c) => c.method === 'DELETE' && c.path.endsWith('/users/sign_out'))).toBe(true);

    const refused: string[] = [];
    for (const call of bodiless) {
      const path = call.path
        .replace('/api/v1', '')
        .replace('{id}', String(call.path.includes('workspaces') ? workspace.id : project.id))
        .replace(/\{[^}]+\}/g, '1');
      const answer = await client.request(call.method, path, undefined, {
        'content-type': 'application/json',
      });
      const text = JSON.stringify(answer.body);
      if (answer.status >= 500 || text.includes('not valid JSON')) {
        refused.push(`${call.method} ${path}: ${answer.status} ${text}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('still refuses a body that is not JSON, and one that poisons the prototype', async () => {
    const { client } = await buildWorkspace(t.baseUrl, t.ctx);
    const broken = await fetch(`${t.baseUrl}/api/v1/users/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { response: { error: { code: string } } }).response.error.code).toBe(
      'bad_request',
    );
    const poisoned = await client.request('POST', '/users/password', undefined, {
      'content-type': 'application/json',
    });
    expect(poisoned.status).not.toBe(500);
    const proto = await fetch(`${t.baseUrl}/api/v1/users/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.co", "__proto__": {"admin": true}}',
    });
    expect(proto.status).toBe(400);
  });
});
