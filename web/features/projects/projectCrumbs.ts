import type { Crumb } from '@web/components/Breadcrumbs/crumbs';

export interface CrumbIds {
  projectID: string;
  folderID?: string | undefined;
  assetID?: string | undefined;
}

export interface CrumbNames {
  project?: string | undefined;
  folder?: string | undefined;
  asset?: string | undefined;
}

/**
 * The trail of a project page: project > folder > asset. A level whose name has not loaded yet
 * is named by its id from the URL.
 */
export function projectCrumbs(ids: CrumbIds, names: CrumbNames = {}): Crumb[] {
  const base = `/projects/${ids.projectID}`;
  const crumbs: Crumb[] = [{ kind: 'project', label: names.project ?? `Project ${ids.projectID}`, to: base }];
  if (ids.folderID)
    crumbs.push({
      kind: 'folder',
      label: names.folder ?? `Folder ${ids.folderID}`,
      to: `${base}/folders/${ids.folderID}`,
    });
  if (ids.assetID)
    crumbs.push({
      kind: 'asset',
      label: names.asset ?? `Asset ${ids.assetID}`,
      to: `${base}/assets/${ids.assetID}`,
    });
  return crumbs;
}
