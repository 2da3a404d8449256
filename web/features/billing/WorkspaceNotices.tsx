import { ActionIcon, Button, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCalendarDown, IconHourglassOff, IconX } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import type { Workspace } from '@common/api/workspaces';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { plural } from '@common/text';
import type { WorkspaceState } from '@common/workspaceState';
import { useDismiss, useDismissals } from '@web/features/billing/api/dismissals';
import { Popup } from '@web/components/Popup/Popup';
import { OPEN_PLAN_MODAL, workspacePath, workspaceDisplayName } from '@web/features/workspaces';
import { formatBillingDate } from './formats';
import { noticesFor, type BannerKind, type Notice, type PopupKind } from './notices';
import { useRelevantWorkspace } from './useRelevantWorkspace';
import classes from './billing.module.css';

/**
 * The closable banners under the top bar and the owner's popups, each closed for good through
 * /user_dismissals (account-side §2).
 */
export function WorkspaceNotices() {
  const { workspace, state } = useRelevantWorkspace();
  const dismissals = useDismissals(workspace !== null);
  const dismiss = useDismiss();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!workspace || !state || !dismissals.data) return null;
  const onPlanTab = pathname === workspacePath(workspace.id, 'plan');

  const { banners, popup } = noticesFor(workspace, state, dismissals.data);
  const close = (notice: Notice<unknown>) => dismiss.mutate(notice.key);
  const seePlans = (notice: Notice<unknown>) => {
    close(notice);
    void navigate(workspacePath(workspace.id, 'plan'), { state: OPEN_PLAN_MODAL });
  };

  return (
    <>
      {banners.map((banner) => (
        <Banner
          key={banner.key}
          banner={banner}
          workspace={workspace}
          state={state}
          onClose={() => close(banner)}
          onUpgrade={() => seePlans(banner)}
          onDetails={onPlanTab ? null : () => void navigate(workspacePath(workspace.id, 'plan'))}
        />
      ))}
      {popup && (
        <NoticePopup
          key={popup.key}
          kind={popup.kind}
          workspace={workspace}
          onClose={() => close(popup)}
          onSeePlans={() => seePlans(popup)}
        />
      )}
    </>
  );
}

function Banner({
  banner,
  workspace,
  state,
  onClose,
  onUpgrade,
  onDetails,
}: {
  banner: Notice<BannerKind>;
  workspace: Workspace;
  state: WorkspaceState;
  onClose: () => void;
  onUpgrade: () => void;
  /** null where the details are already shown (the Plan tab). */
  onDetails: (() => void) | null;
}) {
  const name = workspaceDisplayName(workspace);
  const limit = banner.kind === 'projectLimit';
  const downgradeTo = workspace.subscription?.downgrade_at_period_end?.pricing_plan.name ?? 'a lower plan';
  return (
    <div
      className={`${classes.banner} ${limit ? classes.bannerWarning : classes.bannerInfo}`}
      role="status"
      data-testid={`banner-${banner.kind}`}
    >
      <ThemeIcon variant="light" color={limit ? 'yellow' : 'brand'} radius="xl" size={28}>
        {limit ? <IconAlertTriangle size={16} /> : <IconCalendarDown size={16} />}
      </ThemeIcon>
      <Text size="sm" style={{ flex: 1 }}>
        {limit ? (
          <>
            <b>{name}</b> has reached its limit of {plural(state.subscriptionMaxProjectCount ?? 0, 'project')}
            .{' '}
            {state.currentUserIsOwner
              ? 'Upgrade the plan to create more.'
              : 'Ask the workspace owner to upgrade the plan to create more.'}
          </>
        ) : (
          <>
            <b>{name}</b> moves to the <b>{downgradeTo}</b>
            {state.billingPeriodEndsAt ? ` on ${formatBillingDate(state.billingPeriodEndsAt)}` : ''}. Its
            add-ons end then, and the lower plan's limits apply.
          </>
        )}
      </Text>
      {limit && state.currentUserIsOwner && (
        <Button size="xs" onClick={onUpgrade}>
          Upgrade
        </Button>
      )}
      {!limit && onDetails && (
        <Button size="xs" variant="default" onClick={onDetails}>
          See details
        </Button>
      )}
      <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="Close banner">
        <IconX size={16} />
      </ActionIcon>
    </div>
  );
}

function NoticePopup({
  kind,
  workspace,
  onClose,
  onSeePlans,
}: {
  kind: PopupKind;
  workspace: Workspace;
  onClose: () => void;
  onSeePlans: () => void;
}) {
  const name = workspaceDisplayName(workspace);
  const expired = kind === 'expiredTrial';
  const downgradeTo = workspace.subscription?.downgrade_at_period_end?.pricing_plan.name ?? 'the lower plan';
  return (
    <Popup
      opened
      onClose={onClose}
      title={expired ? 'Free Trial Expired' : 'Workspace Suspended'}
      icon={
        <ThemeIcon color="red" variant="light" radius="xl" size={34}>
          {expired ? <IconHourglassOff size={20} /> : <IconAlertTriangle size={20} />}
        </ThemeIcon>
      }
      description={
        expired
          ? `The Free Trial of **${name}** has ended and the workspace has been suspended. To reactivate your workspace, please select a plan.`
          : `${WORKSPACE_TEXTS.inactiveWorkspace} The downgrade of **${name}** to the **${downgradeTo}** could not be applied because the workspace is over that plan's limits. To reactivate your workspace, please select a plan.`
      }
      actions={[
        { label: 'Not now', variant: 'secondary', onClick: onClose },
        { label: 'See Plans', variant: 'primary', onClick: onSeePlans },
      ]}
    />
  );
}
