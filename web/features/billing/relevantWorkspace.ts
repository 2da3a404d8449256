import type { Workspace } from '@common/api/workspaces';

/**
 * The workspace the top bar and the banners speak about: the one whose settings are open, else
 * the one the user owns (a user owns at most one).
 */
export function relevantWorkspace(
  workspaces: readonly Workspace[] | undefined,
  userId: number | undefined,
  pathname: string,
): Workspace | null {
  if (!workspaces || userId === undefined) return null;
  const open = /^\/user\/workspaces\/(\d+)(?:\/|$)/.exec(pathname)?.[1];
  const current = open ? workspaces.find((w) => w.id === Number(open)) : undefined;
  return current ?? workspaces.find((w) => w.owner.id === userId) ?? null;
}
