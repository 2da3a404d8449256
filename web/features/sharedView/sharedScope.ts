import { truncate } from '@common/text';
import type { SharedProject } from '@common/api/projects';

/** How a link's root page and its trail name what the link opens. */
export interface SharedPlace {
  /** The page's title, and the first crumb of the trail. */
  title: string;
  /** Said before 'Shared by …': where a folder or a selection comes from; null for a project. */
  context: string | null;
  /** The project's folders are listed (a folder or a selection link lists none). */
  listsFolders: boolean;
  /** An asset's crumbs name its folder (a folder or a selection link has no folder level). */
  folderCrumbs: boolean;
}

const PROJECT_NAME_MAX = 75;

/**
 * A project link shows the project with its folders; a folder link shows that folder's assets at
 * its root, named after the folder; a selection link shows only the chosen assets, no folders.
 */
export function sharedPlace(project: Pick<SharedProject, 'name' | 'folders' | 'link'>): SharedPlace {
  const { scope } = project.link;
  const projectName = truncate(project.name, PROJECT_NAME_MAX);
  switch (scope) {
    case 'project':
      return { title: project.name, context: null, listsFolders: true, folderCrumbs: true };
    case 'folder':
      return {
        title: project.folders[0]?.name ?? project.name,
        context: `A folder of ${projectName}`,
        listsFolders: false,
        folderCrumbs: false,
      };
    case 'assets':
      return {
        title: project.name,
        context: 'A selection of assets',
        listsFolders: false,
        folderCrumbs: false,
      };
  }
}
