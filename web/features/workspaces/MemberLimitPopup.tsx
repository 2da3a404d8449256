import { useState } from 'react';
import { IconAlertTriangle, IconSparkles, IconUsers } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { Popup, type PopupAction } from '@web/components/Popup/Popup';
import type { MemberLimitKind } from './memberLimit';
import { CONTACT_US_URL, OPEN_PLAN_MODAL, workspacePath } from './workspacePaths';

export const MEMBER_LIMIT_TEXTS = {
  freeTrialTitle: "You've found a paid feature",
  freeTrialBody: `${WORKSPACE_TEXTS.freeTrialFeature} Upgrade your plan to invite members to your workspace.`,
  planLimitTitle: WORKSPACE_TEXTS.memberLimit,
  planLimitBody:
    'Upgrade your plan to invite more members to your workspace. Collaborators remain unlimited.',
  topLimitTitle: "You've reached the limit for workspace members",
  topLimitBody: 'Contact us to add more members to your workspace. Collaborators remain unlimited.',
  suspendedTitle: 'Workspace Suspended',
  suspendedOwnerBody: `${WORKSPACE_TEXTS.inactiveWorkspace} To reactivate your workspace, please select a plan.`,
  suspendedMemberBody: `${WORKSPACE_TEXTS.inactiveWorkspace} Please contact the workspace owner.`,
} as const;

/**
 * The popups that stop an invitation (account-side §8). Upgrade opens the Plan tab with the
 * 'Change Workspace Plan' modal; Contact us writes to support. Only the owner is offered an upgrade.
 */
export function MemberLimitPopup({
  kind,
  workspaceId,
  isOwner,
  onClose,
}: {
  kind: MemberLimitKind | null;
  workspaceId: number;
  isOwner: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  // Keeps the content while the modal animates out.
  const [last, setLast] = useState(kind);
  if (kind !== null && kind !== last) setLast(kind);
  const shown = kind ?? last;
  const upgrade = (label: string): PopupAction => ({
    label,
    onClick: () => {
      onClose();
      void navigate(workspacePath(workspaceId, 'plan'), { state: OPEN_PLAN_MODAL });
    },
  });
  const close: PopupAction = { label: isOwner ? 'Not now' : 'Ok', variant: 'secondary', onClick: onClose };

  const look = (() => {
    switch (shown) {
      case 'freeTrial':
        return {
          title: MEMBER_LIMIT_TEXTS.freeTrialTitle,
          body: MEMBER_LIMIT_TEXTS.freeTrialBody,
          icon: <IconSparkles size={22} color="var(--mantine-color-brand-6)" />,
          actions: isOwner ? [close, upgrade('Upgrade')] : [close],
        };
      case 'planLimit':
        return {
          title: MEMBER_LIMIT_TEXTS.planLimitTitle,
          body: MEMBER_LIMIT_TEXTS.planLimitBody,
          icon: <IconUsers size={22} color="var(--mantine-color-brand-6)" />,
          actions: isOwner ? [close, upgrade('Upgrade')] : [close],
        };
      case 'topLimit':
        return {
          title: MEMBER_LIMIT_TEXTS.topLimitTitle,
          body: MEMBER_LIMIT_TEXTS.topLimitBody,
          icon: <IconUsers size={22} color="var(--mantine-color-brand-6)" />,
          actions: [
            close,
            {
              label: 'Contact us',
              onClick: () => {
                onClose();
                window.location.href = CONTACT_US_URL;
              },
            },
          ],
        };
      case 'suspended':
        return {
          title: MEMBER_LIMIT_TEXTS.suspendedTitle,
          body: isOwner ? MEMBER_LIMIT_TEXTS.suspendedOwnerBody : MEMBER_LIMIT_TEXTS.suspendedMemberBody,
          icon: <IconAlertTriangle size={22} color="var(--mantine-color-red-6)" />,
          actions: isOwner ? [close, upgrade('See Plans')] : [close],
        };
      case null:
        return null;
    }
  })();

  return (
    <Popup
      opened={kind !== null}
      onClose={onClose}
      title={look?.title ?? ''}
      description={look?.body}
      icon={look?.icon}
      actions={look?.actions ?? []}
    />
  );
}
