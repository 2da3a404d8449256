import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/database';
import { startTestApp, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';
import { buildTask, tasksPath } from './taskFactories';

/** Every statement the app runs while `logged` is set (the job queue's polling left out). */
let logged: string[] | null = null;
function logging(db: Db): Db {
  return db.withPlugin({
    transformQuery: (args) => {
      const sql = db.getExecutor().compileQuery(args.node, args.queryId).sql;
      if (!/"jobs"|"job_schedules"/.test(sql)) logged?.push(sql);
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { wrapDb: logging });
});
afterAll(() => t.close());

describe('GET /projects/{id}/tasks', () => {
  it('costs the same statements for one task as for many, whatever their responsibles', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const assigned_ids = [cast.owner.user.id, cast.collaborator.user.id];
    await buildTask(cast.owner.client, cast.project.id, { assigned_ids });
    const statements = async () => {
      logged = [];
      const answer = await cast.owner.client.get(tasksPath(cast.project.id));
      const count = logged.length;
      logged = null;
      return { count, tasks: answer.body.response.length };
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
