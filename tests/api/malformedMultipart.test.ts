import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAsset } from './assetFactories';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { buildWorkspace } from './factories';
import { buildProject } from './projectFactories';

/** A multipart route as the OpenAPI document the app generates declares it. */
interface FormRoute {
  method: string;
  path: string;
  texts: string[];
  files: string[];
}

interface Operation {
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, { format?: string }> } }>;
  };
}

let t: TestApp;
let client: ApiClient;
let routes: FormRoute[];
/** The id each resource's address takes, and the value of each id part a form may need first. */
let ids: Record<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  const built = await buildWorkspace(t.baseUrl, t.ctx);
  client = built.client;
  const project = await buildProject(client, built.workspace.id);
  const asset = await buildAsset(client, project.id);
  const comment = await client.post('/comments', { asset_id: asset.id, text: 'A comment' });
  ids = {
    users: built.owner.id,
    workspaces: built.workspace.id,
    projects: project.id,
    assets: asset.id,
    comments: comment.body.response.id,
    project_id: project.id,
    asset_id: asset.id,
  };
  routes = await multipartRoutes();
});
afterAll(async () => t.close());

/** Every operation of the OpenAPI document whose body may be multipart/form-data, with its parts. */
async function multipartRoutes(): Promise<FormRoute[]> {
  const doc = (await (await fetch(`${t.baseUrl}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const found: FormRoute[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const form = operation.requestBody?.content?.['multipart/form-data'];
      if (!form) continue;
      const parts = Object.entries(form.schema?.properties ?? {});
      found.push({
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/v1/, ''),
        texts: parts.filter(([, p]) => p.format !== 'binary').map(([name]) => name),
        files: parts.filter(([, p]) => p.format === 'binary').map(([name]) => name),
      });
    }
  }
  return found;
}

/** The route's address with the ids of this test's records; a resource it has none for fails. */
function addressOf(route: FormRoute): string {
  return route.path.replace(/\/([a-z_]+)\/\{[^}]+\}/g, (_match, resource: string) => {
    const id = ids[resource];
    if (id === undefined) throw new Error(`${route.method} ${route.path}: add an id for '${resource}'`);
    return `/${resource}/${id}`;
  });
}

const BOUNDARY = '----proofroom-test-boundary';
const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string, bytes: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
  `Content-Type: image/png\r\n\r\n${bytes}\r\n`;
/** The ids the route's form names, before its file: what lets a route start reading the file. */
const leadingIds = (route: FormRoute) =>
  route.texts
    .filter((name) => ids[name] !== undefined)
    .map((name) => part(name, String(ids[name])))
    .join('');

/** Bodies a broken client or an attacker sends: each must be a 400 in the error envelope. */
const MALFORMED: { name: string; contentType: string; body: (route: FormRoute) => string }[] = [
  {
    name: 'a body cut off in the middle of a field',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (route) =>
      `${part(route.texts[0] ?? 'name', 'Studio')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="na`,
  },
  {
    name: 'a body cut off in the middle of a file',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (route) =>
      leadingIds(route) + filePart(route.files[0]!, 'a.png', '\x89PNG\r\n\x1a\n0000').slice(0, -6),
  },
  {
    name: 'a body with no closing boundary',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (route) => leadingIds(route) + part('name', 'Studio'),
  },
  {
    name: 'a content type with no boundary',
    contentType: 'multipart/form-data',
    body: () => part('name', 'Studio'),
  },
  {
    name: 'a boundary that the body never uses',
    contentType: 'multipart/form-data; boundary=other',
    body: () => 'garbage that is not a form at all',
  },
];

describe('a malformed multipart body', () => {
  it('is tried on every multipart route of the OpenAPI document, each with a file part', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const known of [
      'PATCH /users/{id}',
      'PATCH /workspaces/{id}',
      'POST /projects/{id}/cover',
      'POST /assets',
      'POST /assets/{id}/versions',
      'POST /comments',
      'PATCH /comments/{id}',
    ])
      expect(names).toContain(known);
    for (const route of routes) expect(route.files, `${route.method} ${route.path}`).not.toEqual([]);
  });

  it.each(MALFORMED)('answers 400 in the error envelope for $name, on every multipart route', async (bad) => {
    const answers: string[] = [];
    for (const route of routes) {
      const response = await fetch(`${t.baseUrl}/api/v1${addressOf(route)}`, {
        method: route.method,
        headers: { 'content-type': bad.contentType, cookie: client.cookieHeader },
        body: bad.body(route),
      });
      const text = await response.text();
      const code =
        response.status === 400 ? (JSON.parse(text) as { response: { error: { code: string } } }) : null;
      if (code?.response.error.code !== 'bad_request')
        answers.push(`${route.method} ${route.path}: ${response.status} ${text}`);
    }
    expect(answers).toEqual([]);
  });

  it('leaves the account usable and no upload behind', async () => {
    expect((await client.get('/users/me')).status).toBe(200);
    const running = await t.ctx.db
      .selectFrom('asset_uploads')
      .select('id')
      .where('status', 'in', ['uploading', 'creating'])
      .execute();
    expect(running).toEqual([]);
  });
});
