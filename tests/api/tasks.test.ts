import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TASK_TEXT_MAX, TASK_TEXTS } from '@common/api/tasks';
import { days } from '@server/clock';
import { startTestApp, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';
import { buildTask, taskPath, tasksPath } from './taskFactories';

/** The harness's clock starts on Saturday 21/11/2026 at 10:00 UTC; each test starts there. */
const START = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
beforeEach(() => t.clock.set(START));
afterAll(() => t.close());

const person = (user: { id: number; name: string; email: string }) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  avatar: null,
});

describe('POST /projects/{id}/tasks', () => {
  it('creates a task with a trimmed text, the assignee first, the due date as DD/MM/YYYY', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const answer = await cast.collaborator.client.post(tasksPath(cast.project.id), {
      text: '  Retouch the skin tones  ',
      due_date: '30/11/2026',
      assigned_ids: [cast.owner.user.id, cast.collaborator.user.id],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.response).toEqual({
      id: expect.any(Number),
      project_id: cast.project.id,
      text: 'Retouch the skin tones',
      author: person(cast.collaborator.user),
      responsibles: [person(cast.owner.user), person(cast.collaborator.user)],
      due_date: '30/11/2026',
      completed_at: null,
      created_at: START.toISOString(),
      updated_at: START.toISOString(),
      overdue: false,
      can_edit: true,
    });
  });

  it('accepts today and a date in the YYYY-MM-DD form; drops repeated assignees', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const today = await buildTask(cast.owner.client, cast.project.id, {
      due_date: '21/11/2026',
      assigned_ids: [cast.owner.user.id],
    });
    expect(today).toMatchObject({ due_date: '21/11/2026', overdue: false });
    const iso = await buildTask(cast.owner.client, cast.project.id, {
      due_date: '2027-02-28',
      assigned_ids: [cast.collaborator.user.id, cast.collaborator.user.id, cast.owner.user.id],
    });
    expect(iso.due_date).toBe('28/02/2027');
    expect(iso.responsibles.map((r: any) => r.id)).toEqual([cast.collaborator.user.id, cast.owner.user.id]);
  });

  it('refuses each missing field with the spec’s message', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const empty = await cast.owner.client.post(tasksPath(cast.project.id), {});
    expect(empty.status).toBe(422);
    expect(empty.body.response.error).toMatchObject({
      code: 'invalid_record',
      details: {
        text: ['Text must not be empty.'],
        due_date: ['Due date must not be empty.'],
        assigned_ids: ['Assignee must not be empty.'],
      },
    });
    const blank = await cast.owner.client.post(tasksPath(cast.project.id), {
      text: '   ',
      due_date: ' ',
      assigned_ids: [],
    });
    expect(blank.status).toBe(422);
    expect(blank.body.response.error.details).toEqual({
      text: ['Text must not be empty.'],
      due_date: ['Due date must not be empty.'],
      assigned_ids: ['Assignee must not be empty.'],
    });
  });

  it('caps the text before anything else', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const long = await cast.owner.client.post(tasksPath(cast.project.id), {
      text: 'x'.repeat(TASK_TEXT_MAX + 1),
      due_date: '30/11/2026',
      assigned_ids: [cast.owner.user.id],
    });
    expect(long.status).toBe(422);
    expect(long.body.response.error.details).toEqual({
      text: [`Text should be up to ${TASK_TEXT_MAX} characters long.`],
    });
    const atMax = await buildTask(cast.owner.client, cast.project.id, {
      text: 'x'.repeat(TASK_TEXT_MAX),
      assigned_ids: [cast.owner.user.id],
    });
    expect(atMax.text).toHaveLength(TASK_TEXT_MAX);
  });

  it('refuses dates that are not real calendar days or not DD/MM/YYYY', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    for (const due_date of [
      '31/04/2027',
      '29/02/2027',
      '12/31/2026',
      '2026/12/31',
      'tomorrow',
      '1'.repeat(5000),
    ]) {
      const answer = await cast.owner.client.post(tasksPath(cast.project.id), {
        text: 'Crop',
        due_date,
        assigned_ids: [cast.owner.user.id],
      });
      expect(answer.status, due_date.slice(0, 20)).toBe(422);
      expect(answer.body.response.error.details).toEqual({ due_date: [TASK_TEXTS.dueDateInvalid] });
    }
  });

  it('refuses a day before today, by the server’s clock', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const body = { text: 'Crop', due_date: '20/11/2026', assigned_ids: [cast.owner.user.id] };
    const past = await cast.owner.client.post(tasksPath(cast.project.id), body);
    expect(past.status).toBe(422);
    expect(past.body.response.error).toMatchObject({
      message: TASK_TEXTS.dueDateInPast,
      details: { due_date: [TASK_TEXTS.dueDateInPast] },
    });
    // The same day is allowed while the clock stands a day earlier.
    t.clock.set(new Date('2026-11-20T23:59:00Z'));
    expect((await cast.owner.client.post(tasksPath(cast.project.id), body)).status).toBe(201);
  });

  it('gives tasks only to members who can work on them', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    for (const ids of [[cast.stranger.user.id], [cast.viewer.user.id], [cast.owner.user.id, 999_999]]) {
      const answer = await cast.owner.client.post(tasksPath(cast.project.id), {
        text: 'Crop',
        due_date: '30/11/2026',
        assigned_ids: ids,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.response.error.details).toEqual({ assigned_ids: [TASK_TEXTS.assigneeNotMember] });
    }
    // Both rules the schema cannot check are reported together.
    const both = await cast.owner.client.post(tasksPath(cast.project.id), {
      text: 'Crop',
      due_date: '01/01/2026',
      assigned_ids: [cast.stranger.user.id],
    });
    expect(both.body.response.error.details).toEqual({
      due_date: [TASK_TEXTS.dueDateInPast],
      assigned_ids: [TASK_TEXTS.assigneeNotMember],
    });
    const wrongType = await cast.owner.client.post(tasksPath(cast.project.id), {
      text: 'Crop',
      due_date: '30/11/2026',
      assigned_ids: 'me',
    });
    expect(wrongType.status).toBe(422);
    expect(Object.keys(wrongType.body.response.error.details)).toEqual(['assigned_ids']);
  });
});

describe('GET /projects/{id}/tasks', () => {
  it('lists by due date, marks overdue ones once the clock passes their day', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const assigned_ids = [cast.collaborator.user.id];
    const later = await buildTask(cast.owner.client, cast.project.id, {
      text: 'Later',
      due_date: '05/12/2026',
      assigned_ids,
    });
    const soon = await buildTask(cast.owner.client, cast.project.id, {
      text: 'Soon',
      due_date: '22/11/2026',
      assigned_ids,
    });
    const done = await buildTask(cast.owner.client, cast.project.id, {
      text: 'Done',
      due_date: '22/11/2026',
      assigned_ids,
    });
    await cast.collaborator.client.patch(taskPath(cast.project.id, done.id, 'mark_as_completed'));

    const list = async () => (await cast.viewer.client.get(tasksPath(cast.project.id))).body.response;
    expect((await list()).map((x: any) => [x.text, x.overdue])).toEqual([
      ['Soon', false],
      ['Done', false],
      ['Later', false],
    ]);
    // Due on the 22nd: still due on the 22nd, overdue on the 23rd; a completed task never is.
    t.clock.set(new Date('2026-11-22T23:59:59Z'));
    expect((await list()).map((x: any) => x.overdue)).toEqual([false, false, false]);
    t.clock.advance(days(1));
    expect((await list()).map((x: any) => [x.id, x.overdue])).toEqual([
      [soon.id, true],
      [done.id, false],
      [later.id, false],
    ]);
  });

  it('answers an empty list for a project without tasks, and only its own tasks', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const other = await buildProjectCast(t.baseUrl, t.ctx);
    await buildTask(other.owner.client, other.project.id, { assigned_ids: [other.owner.user.id] });
    const answer = await cast.owner.client.get(tasksPath(cast.project.id));
    expect(answer.status).toBe(200);
    expect(answer.body.response).toEqual([]);
  });
});

describe('PATCH /projects/{id}/tasks/{taskId}', () => {
  it('changes the fields sent, by the rules of creation', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const task = await buildTask(cast.collaborator.client, cast.project.id, {
      assigned_ids: [cast.collaborator.user.id],
    });
    t.clock.advance(60_000);
    const edited = await cast.collaborator.client.patch(taskPath(cast.project.id, task.id), {
      text: ' Crop to 4:5 ',
      due_date: '01/12/2026',
      assigned_ids: [cast.owner.user.id, cast.collaborator.user.id],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.response).toMatchObject({
      id: task.id,
      text: 'Crop to 4:5',
      due_date: '01/12/2026',
      responsibles: [person(cast.owner.user), person(cast.collaborator.user)],
      created_at: START.toISOString(),
      updated_at: new Date(START.getTime() + 60_000).toISOString(),
    });
    const onlyText = await cast.collaborator.client.patch(taskPath(cast.project.id, task.id), {
      text: 'Crop',
    });
    expect(onlyText.body.response).toMatchObject({ text: 'Crop', due_date: '01/12/2026' });
    expect(onlyText.body.response.responsibles).toHaveLength(2);
  });

  it('refuses the same invalid values as creation', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const task = await buildTask(cast.owner.client, cast.project.id, { assigned_ids: [cast.owner.user.id] });
    const path = taskPath(cast.project.id, task.id);
    const cases: [object, Record<string, string[]>][] = [
      [{ text: ' ' }, { text: ['Text must not be empty.'] }],
      [
        { text: 'x'.repeat(TASK_TEXT_MAX + 1) },
        { text: [`Text should be up to ${TASK_TEXT_MAX} characters long.`] },
      ],
      [{ due_date: '' }, { due_date: ['Due date must not be empty.'] }],
      [{ due_date: '30/02/2027' }, { due_date: [TASK_TEXTS.dueDateInvalid] }],
      [{ due_date: '20/11/2026' }, { due_date: [TASK_TEXTS.dueDateInPast] }],
      [{ assigned_ids: [] }, { assigned_ids: ['Assignee must not be empty.'] }],
      [{ assigned_ids: [cast.viewer.user.id] }, { assigned_ids: [TASK_TEXTS.assigneeNotMember] }],
    ];
    for (const [body, details] of cases) {
      const answer = await cast.owner.client.patch(path, body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(answer.body.response.error.details).toEqual(details);
    }
    const unchanged = (await cast.owner.client.get(tasksPath(cast.project.id))).body.response[0];
    expect(unchanged).toEqual(task);
  });

  it('keeps a passed due date when other fields change', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const task = await buildTask(cast.owner.client, cast.project.id, {
      due_date: '22/11/2026',
      assigned_ids: [cast.owner.user.id],
    });
    t.clock.advance(days(3));
    const edited = await cast.owner.client.patch(taskPath(cast.project.id, task.id), {
      text: 'Still to do',
      due_date: '22/11/2026',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.response).toMatchObject({
      text: 'Still to do',
      due_date: '22/11/2026',
      overdue: true,
    });
    const moved = await cast.owner.client.patch(taskPath(cast.project.id, task.id), {
      due_date: '23/11/2026',
    });
    expect(moved.body.response.error.details).toEqual({ due_date: [TASK_TEXTS.dueDateInPast] });
  });

  it('keeps a responsible who has left the project until the responsibles are changed', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const ids = [cast.collaborator.user.id, cast.owner.user.id];
    const task = await buildTask(cast.owner.client, cast.project.id, { assigned_ids: ids });
    const removed = await cast.owner.client.request(
      'DELETE',
      `/projects/${cast.project.id}/members/${cast.collaborator.memberId}`,
    );
    expect(removed.status).toBe(200);
    const path = taskPath(cast.project.id, task.id);
    const edited = await cast.owner.client.patch(path, { text: 'Still theirs', assigned_ids: ids });
    expect(edited.status).toBe(200);
    expect(edited.body.response.responsibles.map((r: any) => r.id)).toEqual(ids);
    const reordered = await cast.owner.client.patch(path, { assigned_ids: [...ids].reverse() });
    expect(reordered.status).toBe(422);
    expect(reordered.body.response.error.details).toEqual({ assigned_ids: [TASK_TEXTS.assigneeNotMember] });
  });

  it('answers 404 for a task of another project or none', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const other = await buildProjectCast(t.baseUrl, t.ctx);
    const foreign = await buildTask(other.owner.client, other.project.id, {
      assigned_ids: [other.owner.user.id],
    });
    for (const id of [foreign.id, 999_999]) {
      expect((await cast.owner.client.patch(taskPath(cast.project.id, id), { text: 'Mine' })).status).toBe(
        404,
      );
      expect((await cast.owner.client.patch(taskPath(cast.project.id, id, 'mark_as_completed'))).status).toBe(
        404,
      );
    }
    expect(
      (await cast.owner.client.patch(`/projects/${cast.project.id}/tasks/abc`, { text: 'x' })).status,
    ).toBe(422);
  });
});

describe('completing and reopening', () => {
  it('sets completed_at from the server clock and clears it; repeating changes nothing', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const task = await buildTask(cast.owner.client, cast.project.id, {
      due_date: '22/11/2026',
      assigned_ids: [cast.collaborator.user.id],
    });
    t.clock.advance(days(2));
    const done = await cast.collaborator.client.patch(
      taskPath(cast.project.id, task.id, 'mark_as_completed'),
    );
    expect(done.status).toBe(200);
    const completedAt = new Date(START.getTime() + days(2)).toISOString();
    expect(done.body.response).toMatchObject({ completed_at: completedAt, overdue: false });
    t.clock.advance(60_000);
    const again = await cast.collaborator.client.patch(
      taskPath(cast.project.id, task.id, 'mark_as_completed'),
    );
    expect(again.body.response.completed_at).toBe(completedAt);

    const reopened = await cast.collaborator.client.patch(
      taskPath(cast.project.id, task.id, 'unmark_as_completed'),
    );
    expect(reopened.status).toBe(200);
    // Reopened after its day: overdue again.
    expect(reopened.body.response).toMatchObject({ completed_at: null, overdue: true });
    const twice = await cast.collaborator.client.patch(
      taskPath(cast.project.id, task.id, 'unmark_as_completed'),
    );
    expect(twice.body.response.completed_at).toBeNull();
  });
});
