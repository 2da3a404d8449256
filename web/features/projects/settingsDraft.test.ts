import { describe, expect, it } from 'vitest';
import type { Project } from '@common/api/projects';
import { hasSettingsChanges, settingsChanges, settingsDraftFrom, settingsErrors } from './settingsDraft';

const project = {
  name: 'Spring Campaign',
  client_name: 'Acme',
  primary_contact: null,
  start_date: '2030-01-05',
  due_date: '2030-02-01',
  description: null,
} as Project;

describe('project settings form', () => {
  it('sends nothing while nothing changed', () => {
    const draft = settingsDraftFrom(project);
    expect(draft.primary_contact).toBe('');
    expect(hasSettingsChanges(draft, project)).toBe(false);
    expect(settingsChanges({ ...draft, name: ' Spring Campaign ' }, project)).toEqual({
      name: null,
      patch: {},
    });
  });

  it('renames by itself and patches the other fields, emptied ones as null', () => {
    const draft = {
      ...settingsDraftFrom(project),
      name: 'Summer',
      client_name: '',
      primary_contact: ' Ana ',
      due_date: '2030-03-01',
    };
    expect(settingsChanges(draft, project)).toEqual({
      name: 'Summer',
      patch: { client_name: null, primary_contact: 'Ana', due_date: '2030-03-01' },
    });
  });

  it('requires a name and keeps the date rules', () => {
    const today = '2030-01-10';
    const draft = settingsDraftFrom(project);
    // The start date has passed but did not change: no message.
    expect(settingsErrors(draft, project, today)).toEqual({});
    expect(settingsErrors({ ...draft, name: '  ' }, project, today).name).toBe('Name must not be empty.');
    expect(settingsErrors({ ...draft, start_date: '2030-01-09' }, project, today).start_date).toBe(
      'Start date cannot be before today.',
    );
    expect(settingsErrors({ ...draft, due_date: '2030-01-01' }, project, today)).toEqual({
      start_date: 'Start date cannot be after the due date.',
      due_date: 'Due date cannot be before the start date.',
    });
    expect(settingsErrors({ ...draft, description: 'x'.repeat(2001) }, project, today).description).toBe(
      'Description should be up to 2000 characters long.',
    );
  });
});
