import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildWorkspace } from './factories';
import { buildProject } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('caching of API answers', () => {
  it('marks every signed-in answer, errors included, no-store', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const project = await buildProject(client, workspace.id);
    for (const path of [
      '/users/me',
      '/me/workspaces',
      `/workspaces/${workspace.id}`,
      `/projects/${project.id}`,
      '/projects/active',
      '/notifications_preferences',
      '/projects/999999',
    ]) {
      const answer = await client.get(path);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('marks anonymous answers no-store as well (a 401, the status)', async () => {
    const anonymous = new ApiClient(t.baseUrl);
    expect((await anonymous.get('/users/me')).headers.get('cache-control')).toBe('no-store');
    expect((await anonymous.get('/status')).headers.get('cache-control')).toBe('no-store');
  });
});
