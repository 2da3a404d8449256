import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@common/api/envelope';
import { paginationSchema, projectSchema } from '@common/api/projects';
import { userSchema } from '@common/api/users';
import { workspaceSchema } from '@common/api/workspaces';
import { buildUser, buildWorkspace, PRICES } from './factories';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { buildMember } from './memberFactories';
import { addProjectMember, buildProject } from './projectFactories';

/**
 * The hot read routes send their presenters' answers as JSON without a second pass through the
 * zod schema (server/routes/presentedJson.ts). Their answers must still be exactly what that
 * pass would send: nothing more, nothing less, each field of its type.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const listAnswer = envelope(z.array(projectSchema)).extend({
  meta: z.object({ pagination: paginationSchema }),
});

/** The raw text of a GET answer, and the text the zod schema makes of it. */
async function bytes(client: ApiClient, path: string, schema: z.ZodType) {
  const answer = await fetch(`${t.baseUrl}/api/v1${path}`, { headers: { cookie: client.cookieHeader } });
  expect(answer.status).toBe(200);
  const text = await answer.text();
  return { text, schemaText: JSON.stringify(schema.encode(JSON.parse(text))) };
}

describe('the read routes sent without a schema pass', () => {
  it('answer exactly what their schema allows', async () => {
    const { owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, {
      priceId: PRICES.teamMonthly,
    });
    const other = await buildWorkspace(t.baseUrl, t.ctx);
    await buildMember(t.baseUrl, t.ctx, other.workspace.id, 'admin', owner);
    const teammate = await buildUser(t.ctx);
    const label = await client.post('/labels', {
      name: 'Campaign',
      labellable_type: 'Workspace',
      labellable_id: workspace.id,
    });
    const flagged = await buildProject(client, workspace.id, { name: 'Flagged', client_name: 'Acme' });
    const plain = await buildProject(client, workspace.id, { name: 'Plain' });
    const hidden = await buildProject(client, workspace.id, { name: 'Hidden' });
    await addProjectMember(t.ctx, flagged.id, teammate.id, 'collaborator');
    await client.post('/projects/add_label', {
      projects_ids: [flagged.id],
      label_id: label.body.response.id,
    });
    await client.post(`/projects/${flagged.id}/set_rush_priority`);
    await client.post(`/projects/${flagged.id}/share`, { share_hash_downloadable: true });
    await client.post(`/projects/${plain.id}/update_project_last_seen`);
    expect((await client.patch('/projects/mark_as_hidden', { ids: [hidden.id] })).status).toBe(200);

    const checks: [string, z.ZodType][] = [
      ['/users/me', envelope(userSchema)],
      ['/session', envelope(z.object({ user: userSchema.nullable() }))],
      [`/projects/${flagged.id}`, envelope(projectSchema)],
      [`/projects/${plain.id}`, envelope(projectSchema)],
      ['/me/workspaces', envelope(z.array(workspaceSchema))],
      ['/projects/active?per_page=2', listAnswer],
      ['/projects/hidden', listAnswer],
    ];
    for (const [path, schema] of checks) {
      const { text, schemaText } = await bytes(client, path, schema);
      expect(text, path).toBe(schemaText);
    }
  });
});
