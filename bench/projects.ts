import { buildUser, buildWorkspace, PRICES } from '../tests/api/factories';
import { startTestApp } from '../tests/api/harness';
import { addProjectMember, buildProject } from '../tests/api/projectFactories';
import { load, printResult } from './load';

/**
 * Figures for the project list, the call every visit of /projects pays: a page of 100 projects,
 * each presented with its owner, members, labels, per-user state and workspace state, out of 300
 * projects with 5 members each. SQLite by default; PostgreSQL with TEST_DB=postgres.
 * Run: `npm run bench:projects` and `TEST_DB=postgres npm run bench:projects`.
 */
const database = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const t = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: '1000000' });
const { owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
const teammates = await Promise.all(Array.from({ length: 4 }, () => buildUser(t.ctx)));
const label = await client.post('/labels', {
  name: 'Campaign',
  labellable_type: 'Workspace',
  labellable_id: workspace.id,
});
const labelId = label.body.response.id as number;

const projectIds: number[] = [];
for (let i = 0; i < 300; i++) {
  const project = await buildProject(client, workspace.id, {
    name: `Bench project ${i}`,
    client_name: `Client ${i % 7}`,
  });
  projectIds.push(project.id);
  for (const user of teammates) await addProjectMember(t.ctx, project.id, user.id, 'collaborator');
}
await client.post('/projects/add_label', {
  projects_ids: projectIds.filter((_, i) => i % 2 === 0),
  label_id: labelId,
});
for (const id of projectIds.filter((_, i) => i % 10 === 0))
  await client.post(`/projects/${id}/set_rush_priority`);

const signIn = await fetch(`${t.baseUrl}/api/v1/users/sign_in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: t.baseUrl },
  body: JSON.stringify({ email: owner.email, password: owner.password }),
});
const headers = { cookie: (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '', origin: t.baseUrl };
const call = (method: string, path: string, body?: unknown) =>
  fetch(`${t.baseUrl}/api/v1${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const get = (path: string) => () => call('GET', path);
const filters = encodeURIComponent(JSON.stringify({ label_id: labelId }));
printResult(database, await load('GET /projects/active (100)', 300, 8, get('/projects/active?per_page=100')));
printResult(
  database,
  await load('GET active by name, label', 300, 8, get(`/projects/active?sort_by=name&filters=${filters}`)),
);
printResult(
  database,
  await load('GET /projects/{id}', 2000, 16, (i) => call('GET', `/projects/${projectIds[i % 300]}`)),
);
printResult(
  database,
  await load('POST /projects', 200, 4, (i) =>
    call('POST', '/projects', { name: `New ${i}`, workspace_id: workspace.id }),
  ),
);
await t.close();
