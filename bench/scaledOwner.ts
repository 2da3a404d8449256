import { PRICES } from '../tests/api/factories';
import { ApiClient } from '../tests/api/harness';
import { buildProject } from '../tests/api/projectFactories';

/** An owner signed up on a scaled-out app, with a Pro workspace (100 GB) and a project. */
export async function seedOwner(baseUrl: string): Promise<{ client: ApiClient; projectId: number }> {
  const client = new ApiClient(baseUrl);
  const signUp = await client.post('/users/sign_up', {
    user: { name: 'Bench Owner', email: `bench-${Date.now()}@example.com`, password: 'a bench of its own' },
  });
  if (signUp.status !== 201) throw new Error(`sign up: ${signUp.status}`);
  const workspace = await client.post('/workspaces', { price_id: PRICES.proMonthly });
  if (workspace.status !== 201) throw new Error(`workspace: ${workspace.status}`);
  const project = await buildProject(client, workspace.body.response.id as number);
  return { client, projectId: project.id };
}
