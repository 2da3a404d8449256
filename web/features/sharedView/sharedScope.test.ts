import { describe, expect, it } from 'vitest';
import type { Folder } from '@common/api/projects';
import { sharedPlace } from './sharedScope';

const folder = (id: number, name: string): Folder => ({
  id,
  name,
  organizer_id: 1,
  images_count: 3,
  documents_count: 0,
  previews_urls: [],
  current_user_is_owner: false,
  created_at: '2026-11-29T00:00:00Z',
  updated_at: '2026-11-29T00:00:00Z',
});

const project = {
  name: 'Summer Catalogue',
  folders: [folder(1, 'Hero shots'), folder(2, 'Detail crops')],
  link: { kind: 'view' as const, scope: 'project' as const },
};

describe('what a link’s root shows', () => {
  it('shows a project link as the project with its folders', () => {
    expect(sharedPlace(project)).toEqual({
      title: 'Summer Catalogue',
      context: null,
      listsFolders: true,
      folderCrumbs: true,
    });
  });

  it('names a folder link after its folder, from its project, without folders or a folder crumb', () => {
    const place = sharedPlace({
      name: 'Summer Catalogue',
      folders: [folder(1, 'Hero shots')],
      link: { kind: 'view', scope: 'folder' },
    });
    expect(place).toEqual({
      title: 'Hero shots',
      context: 'A folder of Summer Catalogue',
      listsFolders: false,
      folderCrumbs: false,
    });
  });

  it('shows a selection link under the project’s name, with no folders even if some are answered', () => {
    const place = sharedPlace({ ...project, link: { kind: 'review', scope: 'assets' } });
    expect(place).toMatchObject({ title: 'Summer Catalogue', listsFolders: false, folderCrumbs: false });
    expect(place.context).toBe('A selection of assets');
  });

  it('cuts a long project name in the folder link’s context', () => {
    const place = sharedPlace({
      name: 'p'.repeat(120),
      folders: [],
      link: { kind: 'view', scope: 'folder' },
    });
    expect(place.title).toBe('p'.repeat(120));
    expect(place.context!.length).toBeLessThanOrEqual('A folder of '.length + 75);
  });
});
