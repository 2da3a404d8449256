import { describe, expect, it } from 'vitest';
import { defaultSection, visibleSection, workspaceTabs } from './sections';

describe('workspace settings tabs', () => {
  it('gives the owner Plan, Billing, Projects, Members and General', () => {
    expect(workspaceTabs(true).map((t) => t.label)).toEqual([
      'Plan',
      'Billing',
      'Projects',
      'Members',
      'General',
    ]);
  });

  it('gives everyone else Projects and General only', () => {
    expect(workspaceTabs(false).map((t) => t.label)).toEqual(['Projects', 'General']);
  });

  it('opens on Plan for the owner and on Projects otherwise', () => {
    expect(defaultSection(true)).toBe('plan');
    expect(defaultSection(false)).toBe('projects');
  });

  it('refuses a section the user may not see, or an unknown one', () => {
    expect(visibleSection('members', true)).toBe('members');
    expect(visibleSection('members', false)).toBeNull();
    expect(visibleSection('billing', false)).toBeNull();
    expect(visibleSection('general', false)).toBe('general');
    expect(visibleSection('nope', true)).toBeNull();
    expect(visibleSection(undefined, true)).toBeNull();
  });
});
