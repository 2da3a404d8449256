import { describe, expect, it } from 'vitest';
import { projectCrumbs } from './projectCrumbs';

describe('project trail', () => {
  it('names the levels once they load, by id until then', () => {
    expect(projectCrumbs({ projectID: '4', folderID: '9' })).toEqual([
      { kind: 'project', label: 'Project 4', to: '/projects/4' },
      { kind: 'folder', label: 'Folder 9', to: '/projects/4/folders/9' },
    ]);
    expect(projectCrumbs({ projectID: '4', folderID: '9' }, { project: 'Spring', folder: 'Finals' })).toEqual(
      [
        { kind: 'project', label: 'Spring', to: '/projects/4' },
        { kind: 'folder', label: 'Finals', to: '/projects/4/folders/9' },
      ],
    );
  });

  it('ends with the asset on an asset page', () => {
    expect(projectCrumbs({ projectID: '4', assetID: '2' }).map((c) => c.to)).toEqual([
      '/projects/4',
      '/projects/4/assets/2',
    ]);
  });
});
