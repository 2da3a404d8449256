import { describe, expect, it } from 'vitest';
import { crumbAction, projectCrumbLabel } from './breadcrumbs';

describe('projectCrumbLabel', () => {
  const long = 'A'.repeat(100);

  it('allows 75 characters when the project is the last level', () => {
    expect(projectCrumbLabel(long, false)).toHaveLength(75);
    expect(projectCrumbLabel(long, false).endsWith('…')).toBe(true);
  });

  it('allows 30 characters when a folder or asset follows', () => {
    expect(projectCrumbLabel(long, true)).toHaveLength(30);
  });

  it('keeps short names whole', () => {
    expect(projectCrumbLabel('Spring campaign', true)).toBe('Spring campaign');
  });
});

describe('crumbAction', () => {
  it('makes the last level inert', () => {
    expect(crumbAction(2, 3, '/projects/1/assets/9', true)).toEqual({ kind: 'none' });
    expect(crumbAction(0, 1, '/projects/1', false)).toEqual({ kind: 'none' });
  });

  it('goes back from the second-to-last level when there is history', () => {
    expect(crumbAction(1, 3, '/projects/1/folders/2', true)).toEqual({ kind: 'back' });
  });

  it('replaces the location when there is no history', () => {
    expect(crumbAction(1, 3, '/projects/1/folders/2', false)).toEqual({
      kind: 'replace',
      to: '/projects/1/folders/2',
    });
  });

  it('links earlier levels normally', () => {
    expect(crumbAction(0, 3, '/projects/1', true)).toEqual({ kind: 'link', to: '/projects/1' });
  });
});
