import { describe, expect, it } from 'vitest';
import { activitySentence } from './activity';

describe('activitySentence', () => {
  it('reads each entry as a sentence with its names', () => {
    expect(activitySentence('Ana', 'folder_renamed', { from: 'Drafts', to: 'Finals' })).toBe(
      'Ana renamed the folder “Drafts” to “Finals”.',
    );
    expect(activitySentence('Ana', 'project_updated', { fields: ['name', 'client', 'dates'] })).toBe(
      'Ana updated the project name, client and dates.',
    );
  });

  it('reads a reviewer’s decision on a round, given, asking for changes, or taken back', () => {
    const on = { name: 'Poster.png', number: 2 };
    expect(activitySentence('Ana', 'asset_decided', { ...on, decision: 'approved' })).toBe(
      'Ana decided “Approved” on round 2 of “Poster.png”.',
    );
    expect(activitySentence('Ana', 'asset_decided', { ...on, decision: 'changes_requested' })).toBe(
      'Ana requested changes on round 2 of “Poster.png”.',
    );
    expect(activitySentence('Ana', 'asset_decided', { ...on, decision: null })).toBe(
      'Ana withdrew their decision on round 2 of “Poster.png”.',
    );
  });

  it('names a deleted user Someone and survives an unknown action', () => {
    expect(activitySentence(null, 'member_left', {})).toBe('Someone left the project.');
    expect(activitySentence('Bo', 'comment_exploded', {})).toBe('Bo made a change.');
  });
});
