import { PostgresAdapter } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, buildWorkspace, PRICES, signedIn } from './factories';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { addProjectMember, buildProject } from './projectFactories';

/**
 * GET /projects/{id}, /projects/active… and /me/workspaces keep their answers while the database
 * has not changed (server/services/platform/readCache.ts): any commit shows at once, access included, and
 * no caller ever gets another's answer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function team() {
  const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
  const project = await buildProject(client, workspace.id, { name: 'Kept' });
  const member = await buildUser(t.ctx);
  await addProjectMember(t.ctx, project.id, member.id, 'viewer');
  return { owner: client, member: await signedIn(t.baseUrl, member), project, workspace };
}

/** The statements a call runs, the job queue's own polling left out. */
async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(t.ctx.db.getExecutor(), 'executeQuery');
  try {
    await call();
    return spy.mock.calls.map(([query]) => query.sql).filter((sql) => !/"jobs"|"job_schedules"/.test(sql));
  } finally {
    spy.mockRestore();
  }
}

/** Answers every read of the data version with one token, as if nothing were ever committed. */
function holdDataVersion() {
  const executor = t.ctx.db.getExecutor();
  const original = Object.getOwnPropertyDescriptor(executor, 'executeQuery');
  const run = executor.executeQuery.bind(executor);
  executor.executeQuery = async (query: Parameters<typeof run>[0]) => {
    const result = await run(query);
    for (const row of result.rows as Record<string, unknown>[])
      if ('data_version' in row) row.data_version = 'held';
    return result as never;
  };
  return {
    release: () => {
      if (original) Object.defineProperty(executor, 'executeQuery', original);
      else delete (executor as { executeQuery?: unknown }).executeQuery;
    },
  };
}

const get = async (client: ApiClient, path: string) => {
  const answer = await client.get(path);
  expect(answer.status, path).toBe(200);
  return answer.body.response;
};

describe('kept read answers', () => {
  it('are sent again without being built while nothing changed', async () => {
    const { member, project } = await team();
    // On PostgreSQL the data version is the cluster's snapshot, which any commit moves, other test
    // files' too: there the session lookup's version is held still, which is what a quiet database
    // shows; on SQLite it is the real one. (A commit moving it is the next test's.)
    const held = t.ctx.db.getExecutor().adapter instanceof PostgresAdapter ? holdDataVersion() : undefined;
    try {
      await get(member, `/projects/${project.id}`);
      const again = await statementsOf(() => get(member, `/projects/${project.id}`));
      expect(again).toHaveLength(1);
      expect(again.join('\n')).not.toMatch(/"projects"/);
    } finally {
      held?.release();
    }
  });

  it('show a change at once, made through the API or straight in the database', async () => {
    const { owner, member, project } = await team();
    expect((await get(member, `/projects/${project.id}`)).name).toBe('Kept');
    expect((await owner.put(`/projects/${project.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await get(member, `/projects/${project.id}`)).name).toBe('Renamed');
    expect((await get(member, '/projects/active')).map((p: { name: string }) => p.name)).toEqual(['Renamed']);
    await t.ctx.db.updateTable('projects').set({ name: 'Written' }).where('id', '=', project.id).execute();
    expect((await get(member, `/projects/${project.id}`)).name).toBe('Written');
    expect((await get(member, '/projects/active')).map((p: { name: string }) => p.name)).toEqual(['Written']);
  });

  it('lose access at once when the membership goes', async () => {
    const { member, project } = await team();
    await get(member, `/projects/${project.id}`);
    expect(await get(member, '/projects/active')).toHaveLength(1);
    await t.ctx.db
      .deleteFrom('project_members')
      .where('project_id', '=', project.id)
      .where('role', '=', 'viewer')
      .execute();
    expect((await member.get(`/projects/${project.id}`)).status).toBe(404);
    expect(await get(member, '/projects/active')).toEqual([]);
  });

  it('are kept per caller', async () => {
    const { owner, member, project, workspace } = await team();
    const asOwner = await get(owner, `/projects/${project.id}`);
    const asMember = await get(member, `/projects/${project.id}`);
    expect(asOwner.current_user_role.name).toBe('owner');
    expect(asMember.current_user_role.name).toBe('viewer');
    expect((await get(owner, '/me/workspaces')).map((w: { id: number }) => w.id)).toEqual([workspace.id]);
    expect(await get(member, '/me/workspaces')).toEqual([]);
  });

  it('are kept per query of a list', async () => {
    const { owner, workspace } = await team();
    await buildProject(owner, workspace.id, { name: 'Another' });
    const byName = (sort_order: string) =>
      get(owner, `/projects/active?sort_by=name&sort_order=${sort_order}`).then((list) =>
        list.map((p: { name: string }) => p.name),
      );
    expect(await byName('asc')).toEqual(['Another', 'Kept']);
    expect(await byName('desc')).toEqual(['Kept', 'Another']);
  });

  it('end with the session, whatever is kept', async () => {
    const { member, project } = await team();
    await get(member, `/projects/${project.id}`);
    const cookie = member.cookieHeader;
    expect((await member.delete('/users/sign_out')).status).toBe(200);
    const replayed = await fetch(`${t.baseUrl}/api/v1/projects/${project.id}`, { headers: { cookie } });
    expect(replayed.status).toBe(401);
  });
});
