import type { Crumb } from '@web/components/Breadcrumbs/crumbs';

/**
 * The trail of a project page. Until projects load from the server the levels are named by
 * their ids from the URL; the projects issue swaps in the real names.
 */
export function projectCrumbs(ids: { projectID: string; folderID?: string; assetID?: string }): Crumb[] {
  const base = `/projects/${ids.projectID}`;
  const crumbs: Crumb[] = [{ kind: 'project', label: `Project ${ids.projectID}`, to: base }];
  if (ids.folderID)
    crumbs.push({ kind: 'folder', label: `Folder ${ids.folderID}`, to: `${base}/folders/${ids.folderID}` });
  if (ids.assetID)
    crumbs.push({ kind: 'asset', label: `Asset ${ids.assetID}`, to: `${base}/assets/${ids.assetID}` });
  return crumbs;
}
