import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TASK_TEXTS } from '@common/api/tasks';
import { can, type Capability } from '@common/projectRoles';
import { startTestApp, type TestApp } from './harness';
import { buildProjectCast, PROJECT_CALLERS, type ProjectCaller, type ProjectCast } from './projectCast';
import { activityActions, buildProjectMember } from './projectFactories';
import { buildTask, taskPath, tasksPath } from './taskFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
beforeEach(() => t.clock.set(new Date('2026-11-21T10:00:00Z')));
afterAll(() => t.close());

type Outcome = 'ok' | 403 | 404 | 401;
const row = (owner: Outcome, collaborator: Outcome, viewer: Outcome, workspaceOwner: Outcome) => ({
  owner,
  collaborator,
  viewer,
  workspaceAdmin: 404 as const,
  workspaceOwner,
  stranger: 404 as const,
  anonymous: 401 as const,
});

/** Each call on a fresh task written by and assigned to the project's collaborator. */
const CALLS: {
  call: string;
  capability: Capability;
  expect: Record<ProjectCaller, Outcome>;
  request: (cast: ProjectCast, taskId: number) => { method: string; path: string; body?: unknown };
}[] = [
  {
    call: 'GET tasks',
    capability: 'tasks.see',
    expect: row('ok', 'ok', 'ok', 403),
    request: (cast) => ({ method: 'GET', path: tasksPath(cast.project.id) }),
  },
  {
    call: 'POST tasks',
    capability: 'tasks.add',
    expect: row('ok', 'ok', 403, 403),
    request: (cast) => ({
      method: 'POST',
      path: tasksPath(cast.project.id),
      body: { text: 'Crop', due_date: '30/11/2026', assigned_ids: [cast.owner.user.id] },
    }),
  },
  {
    call: 'PATCH task',
    capability: 'tasks.add',
    expect: row('ok', 'ok', 403, 403),
    request: (cast, id) => ({
      method: 'PATCH',
      path: taskPath(cast.project.id, id),
      body: { text: 'Edited' },
    }),
  },
  {
    call: 'PATCH mark_as_completed',
    capability: 'tasks.add',
    expect: row('ok', 'ok', 403, 403),
    request: (cast, id) => ({ method: 'PATCH', path: taskPath(cast.project.id, id, 'mark_as_completed') }),
  },
  {
    call: 'PATCH unmark_as_completed',
    capability: 'tasks.add',
    expect: row('ok', 'ok', 403, 403),
    request: (cast, id) => ({ method: 'PATCH', path: taskPath(cast.project.id, id, 'unmark_as_completed') }),
  },
];

function clientOf(cast: ProjectCast, caller: ProjectCaller) {
  return cast[caller].client;
}

describe('task permissions', () => {
  it('walks every call for every kind of caller', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    for (const entry of CALLS) {
      for (const caller of PROJECT_CALLERS) {
        const task = await buildTask(cast.collaborator.client, cast.project.id, {
          assigned_ids: [cast.collaborator.user.id],
        });
        const { method, path, body } = entry.request(cast, task.id);
        const answer = await clientOf(cast, caller).request(method, path, body);
        const outcome = answer.status >= 200 && answer.status < 300 ? 'ok' : answer.status;
        expect(outcome, `${entry.call} as ${caller}`).toBe(entry.expect[caller]);
        if (outcome === 403 && entry.capability === 'tasks.add' && caller === 'viewer')
          expect(answer.body.response.error.code).toBe('forbidden');
      }
      // The rows agree with the shared permission table the UI reads.
      for (const [caller, actor] of [
        ['owner', { role: 'owner', isWorkspaceOwner: false }],
        ['collaborator', { role: 'collaborator', isWorkspaceOwner: false }],
        ['viewer', { role: 'viewer', isWorkspaceOwner: false }],
        ['workspaceOwner', { role: null, isWorkspaceOwner: true }],
      ] as const)
        expect(entry.expect[caller] === 'ok', `${entry.call} table for ${caller}`).toBe(
          can(actor, entry.capability),
        );
    }
  });

  it('lets only the author, a responsible or the project owner change a task', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const other = await buildProjectMember(t.baseUrl, t.ctx, cast.project.id, 'collaborator');
    const third = await buildProjectMember(t.baseUrl, t.ctx, cast.project.id, 'collaborator');
    const task = await buildTask(cast.collaborator.client, cast.project.id, {
      assigned_ids: [third.user.id, other.user.id],
    });
    const outsider = await buildProjectMember(t.baseUrl, t.ctx, cast.project.id, 'collaborator');
    for (const action of ['', 'mark_as_completed', 'unmark_as_completed']) {
      const refused = await outsider.client.patch(taskPath(cast.project.id, task.id, action), {
        text: 'Mine',
      });
      expect(refused.status, action).toBe(403);
      expect(refused.body.response.error).toEqual({ code: 'forbidden', message: TASK_TEXTS.cannotEdit });
    }
    // The second responsible, not only the assignee, may change it.
    expect((await other.client.patch(taskPath(cast.project.id, task.id, 'mark_as_completed'))).status).toBe(
      200,
    );
    expect(
      (await third.client.patch(taskPath(cast.project.id, task.id), { text: 'By the assignee' })).status,
    ).toBe(200);
    // Each caller is told whether they may change it.
    const seen = async (client: ProjectCast['owner']['client']) =>
      (await client.get(tasksPath(cast.project.id))).body.response[0].can_edit;
    expect(await seen(cast.owner.client)).toBe(true);
    expect(await seen(cast.collaborator.client)).toBe(true);
    expect(await seen(third.client)).toBe(true);
    expect(await seen(outsider.client)).toBe(false);
    expect(await seen(cast.viewer.client)).toBe(false);
  });

  it('shows nothing of tasks to a public link', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    await buildTask(cast.owner.client, cast.project.id, { assigned_ids: [cast.owner.user.id] });
    const hash = (await cast.owner.client.post(`/projects/${cast.project.id}/share`, {})).body.response
      .share_hash;
    const shared = await cast.anonymous.client.get(`/projects/shared_view?share_hash=${hash}`);
    expect(shared.status).toBe(200);
    expect(JSON.stringify(shared.body)).not.toContain('Retouch the skin tones');
    const tasks = await cast.anonymous.client.get(`${tasksPath(cast.project.id)}?share_hash=${hash}`);
    expect(tasks.status).toBe(401);
    expect((await cast.anonymous.client.get(`/shared/${hash}/tasks`)).status).toBe(404);
  });
});

describe('task events', () => {
  it('records creation, edits, completion and reopening in the project’s activity log', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const task = await buildTask(cast.collaborator.client, cast.project.id, {
      text: 'Retouch the skin tones',
      due_date: '30/11/2026',
      assigned_ids: [cast.owner.user.id],
    });
    const path = taskPath(cast.project.id, task.id);
    await cast.owner.client.patch(path, {
      due_date: '02/12/2026',
      assigned_ids: [cast.collaborator.user.id],
    });
    // Sending the values it already has changes nothing and records nothing.
    await cast.owner.client.patch(path, { text: 'Retouch the skin tones', due_date: '02/12/2026' });
    await cast.collaborator.client.patch(`${path}/mark_as_completed`);
    await cast.collaborator.client.patch(`${path}/mark_as_completed`);
    await cast.owner.client.patch(`${path}/unmark_as_completed`);
    await cast.owner.client.patch(path, { text: 'Retouch the skin' });

    const logs = (await cast.viewer.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    const owner = cast.owner.user.name;
    const collaborator = cast.collaborator.user.name;
    expect(logs.slice(0, 5).map((l: any) => l.text)).toEqual([
      `${owner} updated the text of the task “Retouch the skin”.`,
      `${owner} reopened the task “Retouch the skin tones”.`,
      `${collaborator} completed the task “Retouch the skin tones”.`,
      `${owner} updated the due date and assignee of the task “Retouch the skin tones”.`,
      `${collaborator} added the task “Retouch the skin tones” for ${owner}, due 30/11/2026.`,
    ]);
    expect(logs[4]).toMatchObject({ action: 'task_created', object_type: 'Task', object_id: task.id });
    expect((await activityActions(t.ctx, cast.project.id)).filter((a) => a.startsWith('task_'))).toEqual([
      'task_created',
      'task_updated',
      'task_completed',
      'task_reopened',
      'task_updated',
    ]);
  });

  it('quotes a long task text shortened, and records nothing for a refused call', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    await buildTask(cast.owner.client, cast.project.id, {
      text: 'a'.repeat(200),
      assigned_ids: [cast.owner.user.id],
    });
    await cast.owner.client.post(tasksPath(cast.project.id), {
      text: 'Late',
      due_date: '01/01/2026',
      assigned_ids: [cast.owner.user.id],
    });
    const [entry] = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(entry.data.text).toBe(`${'a'.repeat(79)}…`);
    expect((await activityActions(t.ctx, cast.project.id)).filter((a) => a.startsWith('task_'))).toEqual([
      'task_created',
    ]);
  });
});
