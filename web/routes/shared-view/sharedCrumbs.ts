import type { Crumb } from '@web/components/Breadcrumbs/crumbs';

/** In a shared view the project crumb leads back to the shared project (projects-side §2). */
export function sharedCrumbs(shareHash: string, assetID?: string): Crumb[] {
  const base = `/projects/shared_view/${shareHash}`;
  const crumbs: Crumb[] = [{ kind: 'project', label: 'Shared project', to: base }];
  if (assetID) crumbs.push({ kind: 'asset', label: `Asset ${assetID}`, to: `${base}/assets/${assetID}` });
  return crumbs;
}
