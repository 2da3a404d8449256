import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { buildWorkspace } from './factories';
import { buildProject } from './projectFactories';

let t: TestApp;
let client: ApiClient;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  t = await startTestApp();
  const built = await buildWorkspace(t.baseUrl, t.ctx);
  client = built.client;
  const project = await buildProject(client, built.workspace.id);
  routes = [
    { method: 'PATCH', path: `/users/${built.owner.id}` },
    { method: 'PATCH', path: `/workspaces/${built.workspace.id}` },
    { method: 'POST', path: `/projects/${project.id}/cover` },
  ];
});
afterAll(async () => t.close());

const BOUNDARY = '----proofroom-test-boundary';
const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string, bytes: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
  `Content-Type: image/png\r\n\r\n${bytes}\r\n`;

/** Bodies a broken client or an attacker sends: each must be a 400 in the error envelope. */
const MALFORMED: { name: string; contentType: string; body: string }[] = [
  {
    name: 'a body cut off in the middle of a field',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${part('name', 'Studio')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="na`,
  },
  {
    name: 'a body cut off in the middle of a file',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: filePart('avatar', 'a.png', '\x89PNG\r\n\x1a\n0000').slice(0, -6),
  },
  {
    name: 'a body with no closing boundary',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: part('name', 'Studio'),
  },
  {
    name: 'a content type with no boundary',
    contentType: 'multipart/form-data',
    body: part('name', 'Studio'),
  },
  {
    name: 'a boundary that the body never uses',
    contentType: 'multipart/form-data; boundary=other',
    body: 'garbage that is not a form at all',
  },
];

describe('a malformed multipart body', () => {
  it.each(MALFORMED)('answers 400 in the error envelope for $name, on every multipart route', async (bad) => {
    for (const route of routes) {
      const response = await fetch(`${t.baseUrl}/api/v1${route.path}`, {
        method: route.method,
        headers: { 'content-type': bad.contentType, cookie: client.cookieHeader },
        body: bad.body,
      });
      const text = await response.text();
      expect(response.status, `${route.method} ${route.path}: ${text}`).toBe(400);
      expect(JSON.parse(text)).toMatchObject({ response: { error: { code: 'bad_request' } } });
    }
  });

  it('leaves the account usable afterwards', async () => {
    expect((await client.get('/users/me')).status).toBe(200);
  });
});
