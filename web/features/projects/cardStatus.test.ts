import { describe, expect, it } from 'vitest';
import { projectStatusText, thumbnailCount } from './cardStatus';

const workspace = (is_active: boolean) => ({ id: 1, name: 'W', logo: null, owner_id: 1, is_active });

describe('projectStatusText', () => {
  it('says Suspended for an inactive workspace, whatever else is new', () => {
    expect(
      projectStatusText({
        is_new_for_current_user: true,
        has_new_activity: true,
        workspace: workspace(false),
      }),
    ).toBe('Suspended');
  });

  it('says New before New Activity', () => {
    expect(
      projectStatusText({
        is_new_for_current_user: true,
        has_new_activity: true,
        workspace: workspace(true),
      }),
    ).toBe('New');
    expect(
      projectStatusText({
        is_new_for_current_user: false,
        has_new_activity: true,
        workspace: workspace(true),
      }),
    ).toBe('New Activity');
  });

  it('says nothing when nothing is new', () => {
    expect(
      projectStatusText({
        is_new_for_current_user: false,
        has_new_activity: false,
        workspace: workspace(true),
      }),
    ).toBeNull();
  });
});

describe('thumbnailCount', () => {
  it('counts assets, and gives way to the error icon in an inactive workspace', () => {
    expect(thumbnailCount({ assets_count: 4, workspace: workspace(true) })).toBe(4);
    expect(thumbnailCount({ assets_count: 4, workspace: workspace(false) })).toBeNull();
  });
});
