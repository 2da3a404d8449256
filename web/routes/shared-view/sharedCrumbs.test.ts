import { describe, expect, it } from 'vitest';
import { sharedCrumbs } from './sharedCrumbs';

describe('shared view trail', () => {
  it('starts at the shared project, named once it loads', () => {
    expect(sharedCrumbs('h4sh')).toEqual([
      { kind: 'project', label: 'Shared project', to: '/projects/shared_view/h4sh' },
    ]);
    expect(sharedCrumbs('h4sh', { projectName: 'Spring', folder: { id: 3, name: 'Finals' } })).toEqual([
      { kind: 'project', label: 'Spring', to: '/projects/shared_view/h4sh' },
      { kind: 'folder', label: 'Finals', to: '/projects/shared_view/h4sh/folders/3' },
    ]);
  });

  it('ends with the asset on a shared asset page, named once it loads', () => {
    expect(sharedCrumbs('h4sh', { asset: { id: '5' } }).at(-1)).toEqual({
      kind: 'asset',
      label: 'Asset 5',
      to: '/projects/shared_view/h4sh/assets/5',
    });
    expect(
      sharedCrumbs('h4sh', { folder: { id: 3, name: 'Finals' }, asset: { id: 5, name: 'hero.jpg' } }).map(
        (crumb) => crumb.label,
      ),
    ).toEqual(['Shared project', 'Finals', 'hero.jpg']);
  });
});
