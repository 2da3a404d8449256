import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';
import { StatementLog } from './statementLog';
import { buildTask, tasksPath } from './taskFactories';

const log = new StatementLog();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { wrapDb: log.wrap });
});
afterAll(() => t.close());

describe('GET /projects/{id}/tasks', () => {
  it('costs the same statements for one task as for many, whatever their responsibles', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const assigned_ids = [cast.owner.user.id, cast.collaborator.user.id];
    await buildTask(cast.owner.client, cast.project.id, { assigned_ids });
    const statements = async () => {
      const { result: answer, statements } = await log.during(() =>
        cast.owner.client.get(tasksPath(cast.project.id)),
      );
      return { count: statements.length, tasks: answer.body.response.length };
    };
    const one = await statements();
    for (let n = 0; n < 6; n += 1)
      await buildTask(cast.collaborator.client, cast.project.id, { assigned_ids });
    const seven = await statements();
    expect([one.tasks, seven.tasks]).toEqual([1, 7]);
    expect(seven.count).toBe(one.count);
    // The caller's access to the project, the tasks with their authors, and their responsibles.
    expect(one.count).toBe(3);
  });
});
