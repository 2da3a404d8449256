import { describe, expect, it } from 'vitest';
import { PROJECT_DATE_TEXTS } from '@common/projectDates';
import { createProjectErrors, createProjectRequest, EMPTY_CREATE_PROJECT } from './createProjectForm';

const TODAY = '2026-11-23';
const filled = { ...EMPTY_CREATE_PROJECT, name: '  Spring campaign ', workspaceId: '4' };

describe('Create New Project form', () => {
  it('sends the trimmed name, R0 by default, and leaves empty fields out', () => {
    expect(createProjectRequest(filled)).toEqual({
      name: 'Spring campaign',
      workspace_id: 4,
      assets_start_retouched: false,
      invite_all_members: false,
    });
    expect(
      createProjectRequest({
        ...filled,
        startAt: 'r1',
        clientName: ' Acme ',
        dueDate: '2026-12-01',
        inviteAllMembers: true,
      }),
    ).toMatchObject({
      assets_start_retouched: true,
      client_name: 'Acme',
      due_date: '2026-12-01',
      invite_all_members: true,
    });
  });

  it('needs a name that is not blank and a workspace', () => {
    expect(createProjectErrors({ ...EMPTY_CREATE_PROJECT, name: '   ' }, TODAY)).toEqual({
      name: 'Name must not be empty.',
      workspace_id: 'Workspace must not be empty.',
    });
    expect(createProjectErrors(filled, TODAY)).toEqual({});
  });

  it('applies the date rules: not before today, not after the due date', () => {
    expect(createProjectErrors({ ...filled, startDate: '2026-11-22' }, TODAY)).toEqual({
      start_date: PROJECT_DATE_TEXTS.startBeforeToday,
    });
    expect(createProjectErrors({ ...filled, startDate: '2026-12-05', dueDate: '2026-12-01' }, TODAY)).toEqual(
      {
        start_date: PROJECT_DATE_TEXTS.startAfterDue,
        due_date: PROJECT_DATE_TEXTS.dueBeforeStart,
      },
    );
    expect(createProjectErrors({ ...filled, startDate: TODAY, dueDate: TODAY }, TODAY)).toEqual({});
  });
});
