import { DISMISSAL_KEYS } from '@common/api/dismissals';
import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';

export type BannerKind = 'projectLimit' | 'pendingDowngrade';
export type PopupKind = 'suspendedForDowngrade' | 'expiredTrial';

export interface Notice<K> {
  kind: K;
  /** The /user_dismissals key that closes it for good. */
  key: string;
}

/**
 * The closable banners and popups of a workspace (account-side §2), minus the ones the user
 * closed: the project limit banner for those who create projects, the pending downgrade banner
 * (within 16 days of the period end), and for the owner the suspended-for-downgrade and the
 * expired free trial popups.
 */
export function noticesFor(
  workspace: Workspace,
  state: WorkspaceState,
  dismissed: readonly string[],
): { banners: Notice<BannerKind>[]; popup: Notice<PopupKind> | null } {
  const open = <K>(notice: Notice<K>) => !dismissed.includes(notice.key);
  const canCreateProjects =
    workspace.current_user_role.name === 'owner' || workspace.current_user_role.name === 'admin';

  const banners: Notice<BannerKind>[] = [];
  if (state.isActive && !state.hasRoomForProjects && canCreateProjects)
    banners.push({ kind: 'projectLimit', key: DISMISSAL_KEYS.projectLimit(workspace.id) });
  if (state.showPendingDowngradeBanner && state.currentUserIsOwner && state.billingPeriodEndsAt)
    banners.push({
      kind: 'pendingDowngrade',
      key: DISMISSAL_KEYS.pendingDowngrade(workspace.id, state.billingPeriodEndsAt),
    });

  const popups: Notice<PopupKind>[] = [];
  if (state.currentUserIsOwner && state.isSuspendedForDowngrade)
    popups.push({ kind: 'suspendedForDowngrade', key: DISMISSAL_KEYS.suspendedForDowngrade(workspace.id) });
  if (state.currentUserIsOwner && state.isOnExpiredFreeTrial)
    popups.push({ kind: 'expiredTrial', key: DISMISSAL_KEYS.expiredTrial(workspace.id) });

  return { banners: banners.filter(open), popup: popups.filter(open)[0] ?? null };
}
