import { BILLING_INFORMATION, PRICES, sandboxCard } from '../tests/api/factories';
import { ApiClient } from '../tests/api/harness';
import { buildProject } from '../tests/api/projectFactories';

/**
 * An owner signed up on a scaled-out app, with a Pro workspace and a project: on its free trial
 * (5 GB), or `paid` with a sandbox card (100 GB).
 */
export async function seedOwner(
  baseUrl: string,
  { paid = false } = {},
): Promise<{ client: ApiClient; projectId: number }> {
  const client = new ApiClient(baseUrl);
  const signUp = await client.post('/users/sign_up', {
    user: { name: 'Bench Owner', email: `bench-${Date.now()}@example.com`, password: 'a bench of its own' },
  });
  if (signUp.status !== 201) throw new Error(`sign up: ${signUp.status}`);
  const workspace = await client.post('/workspaces', {
    price_id: PRICES.proMonthly,
    ...(paid
      ? { payment_method_id: await sandboxCard(client), billing_information: BILLING_INFORMATION }
      : {}),
  });
  if (workspace.status !== 201) throw new Error(`workspace: ${workspace.status}`);
  const project = await buildProject(client, workspace.body.response.id as number);
  return { client, projectId: project.id };
}
