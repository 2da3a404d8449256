import type { Crumb } from '@web/components/Breadcrumbs/crumbs';
import { sharedAssetPath, sharedViewPath } from '@web/features/sharedView';

export interface SharedLevels {
  projectName?: string | undefined;
  folder?: { id: number | string; name?: string | undefined } | undefined;
  asset?: { id: number | string; name?: string | undefined } | undefined;
}

/**
 * In a shared view the project crumb leads back to the shared project (projects-side §2); the
 * home icon is hidden by the bar. Names show once loaded.
 */
export function sharedCrumbs(shareHash: string, levels: SharedLevels = {}): Crumb[] {
  const base = sharedViewPath(shareHash);
  const crumbs: Crumb[] = [{ kind: 'project', label: levels.projectName ?? 'Shared project', to: base }];
  if (levels.folder)
    crumbs.push({
      kind: 'folder',
      label: levels.folder.name ?? `Folder ${levels.folder.id}`,
      to: `${base}/folders/${levels.folder.id}`,
    });
  if (levels.asset)
    crumbs.push({
      kind: 'asset',
      label: levels.asset.name ?? `Asset ${levels.asset.id}`,
      to: sharedAssetPath(shareHash, levels.asset.id),
    });
  return crumbs;
}
