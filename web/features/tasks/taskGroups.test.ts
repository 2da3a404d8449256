import { describe, expect, it } from 'vitest';
import type { Task } from '@common/api/tasks';
import { addDays, monthSheet, shiftMonth } from './calendarDays';
import { GENERIC_ERROR } from '@common/api/errors';
import { draftErrors, failureDetail, splitTasks } from './taskGroups';

const task = (id: number, completed_at: string | null): Task => ({
  id,
  project_id: 1,
  text: `Task ${id}`,
  author: null,
  responsibles: [],
  due_date: '30/11/2026',
  completed_at,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  overdue: false,
  can_edit: true,
});

describe('tasks panel rules', () => {
  it('keeps open tasks in the server order and puts the last completed first', () => {
    const { open, completed } = splitTasks([
      task(3, null),
      task(1, '2026-11-21T11:00:00.000Z'),
      task(2, null),
      task(4, '2026-11-22T09:00:00.000Z'),
    ]);
    expect(open.map((t) => t.id)).toEqual([3, 2]);
    expect(completed.map((t) => t.id)).toEqual([4, 1]);
  });

  it('checks a draft by the server’s messages, refusing days before today', () => {
    expect(draftErrors({ text: ' ', assigneeId: null, dueDate: '' }, '2026-11-21')).toEqual({
      text: 'Text must not be empty.',
      assigned_ids: 'Assignee must not be empty.',
      due_date: 'Due date must not be empty.',
    });
    expect(draftErrors({ text: 'Crop', assigneeId: '4', dueDate: '31/04/2027' }, '2026-11-21')).toEqual({
      due_date: 'Due date should be a valid date (DD/MM/YYYY).',
    });
    expect(draftErrors({ text: 'Crop', assigneeId: '4', dueDate: '20/11/2026' }, '2026-11-21')).toEqual({
      due_date: 'Due date cannot be before today.',
    });
    expect(draftErrors({ text: 'Crop', assigneeId: '4', dueDate: '21/11/2026' }, '2026-11-21')).toEqual({});
  });

  it('lays a month out in six weeks from Monday', () => {
    const sheet = monthSheet({ year: 2026, monthIndex: 10 });
    expect(sheet).toHaveLength(42);
    expect(sheet[0]).toBe('2026-10-26');
    expect(sheet).toContain('2026-11-30');
    expect(shiftMonth({ year: 2026, monthIndex: 11 }, 1)).toEqual({ year: 2027, monthIndex: 0 });
    expect(shiftMonth({ year: 2027, monthIndex: 0 }, -1)).toEqual({ year: 2026, monthIndex: 11 });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('adds a failure’s message under the generic title only when it says something else', () => {
    expect(failureDetail(new Error(GENERIC_ERROR))).toEqual({});
    expect(failureDetail(new Error('You are not allowed to do this.'))).toEqual({
      description: 'You are not allowed to do this.',
    });
    expect(failureDetail('nothing')).toEqual({});
  });
});
