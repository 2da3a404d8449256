import { useState } from 'react';
import { ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBuildingPlus, IconHourglassOff, IconStack2 } from '@tabler/icons-react';
import { WORKSPACE_TEXTS, type Workspace } from '@common/api/workspaces';
import { useSignedInUser } from '@web/features/account';
import { Popup, type PopupAction } from '@web/components/Popup/Popup';
import { MEMBER_LIMIT_TEXTS, workspaceDisplayName } from '@web/features/workspaces';
import type { CreateProjectObstacle } from './workspaceChoice';

/** Why a project cannot be created: found before the form opens, or in the server's refusal. */
export type BlockedReason = CreateProjectObstacle;

/** The texts of the dialogs that stop a new project (§2, §8; account-side §8). */
export const BLOCKED_TEXTS = {
  noWorkspaceTitle: 'Create a Workspace First',
  noWorkspaceBody:
    'Projects live in a workspace. Create your workspace with a free trial of the Pro Plan, no card needed, and your new project comes right after.',
  noWorkspaceMemberBody:
    'Only owners and members of a workspace can create projects, and you are a collaborator in yours. Create your own workspace with a free trial of the Pro Plan, no card needed, and your new project comes right after.',
  expiredTitle: 'Free Trial Expired',
  expiredOwnerBody: (name: string) =>
    `The Free Trial of **${name}** has ended and the workspace has been suspended. To create projects again, please select a plan.`,
  expiredMemberBody: (name: string) =>
    `The Free Trial of **${name}** has ended and the workspace has been suspended. Please contact the workspace owner.`,
  suspendedTitle: MEMBER_LIMIT_TEXTS.suspendedTitle,
  suspendedOwnerBody: MEMBER_LIMIT_TEXTS.suspendedOwnerBody,
  suspendedMemberBody: MEMBER_LIMIT_TEXTS.suspendedMemberBody,
  projectLimitTitle: WORKSPACE_TEXTS.projectLimit,
  projectLimitOwnerBody: (name: string) => `Upgrade the plan of **${name}** to create more projects.`,
  projectLimitMemberBody: (name: string) =>
    `Ask the workspace owner to upgrade the plan of **${name}** to create more projects.`,
} as const;

/**
 * Why a project cannot be created: no workspace (offer to create one), an expired trial, a
 * suspended workspace, or the plan's project limit. The owner is offered the plans; others are
 * told to ask the owner.
 */
export function CreateProjectBlockedDialog({
  reason,
  opened,
  onClose,
  onCreateWorkspace,
  onSeePlans,
}: {
  reason: BlockedReason;
  opened: boolean;
  onClose: () => void;
  onCreateWorkspace: () => void;
  onSeePlans: (workspace: Workspace) => void;
}) {
  const user = useSignedInUser();
  // Keeps the content while the dialog animates out.
  const [shown, setShown] = useState(reason);
  if (opened && reason !== shown) setShown(reason);

  const notNow = (owner: boolean): PopupAction => ({
    label: owner ? 'Not now' : 'Ok',
    variant: 'secondary',
    onClick: onClose,
  });
  const look = (() => {
    if (shown.kind === 'noWorkspace') {
      return {
        title: BLOCKED_TEXTS.noWorkspaceTitle,
        body: shown.memberElsewhere ? BLOCKED_TEXTS.noWorkspaceMemberBody : BLOCKED_TEXTS.noWorkspaceBody,
        icon: <IconBuildingPlus size={20} />,
        color: 'brand',
        actions: [notNow(true), { label: 'Create Workspace', onClick: onCreateWorkspace }],
      };
    }
    const workspace = shown.workspace;
    const owner = workspace.owner.id === user?.id;
    const name = workspaceDisplayName(workspace);
    const plans: PopupAction[] = owner
      ? [
          notNow(true),
          {
            label: shown.kind === 'projectLimit' ? 'Upgrade' : 'See Plans',
            onClick: () => onSeePlans(workspace),
          },
        ]
      : [notNow(false)];
    switch (shown.kind) {
      case 'expiredTrial':
        return {
          title: BLOCKED_TEXTS.expiredTitle,
          body: owner ? BLOCKED_TEXTS.expiredOwnerBody(name) : BLOCKED_TEXTS.expiredMemberBody(name),
          icon: <IconHourglassOff size={20} />,
          color: 'red',
          actions: plans,
        };
      case 'suspended':
        return {
          title: BLOCKED_TEXTS.suspendedTitle,
          body: owner ? BLOCKED_TEXTS.suspendedOwnerBody : BLOCKED_TEXTS.suspendedMemberBody,
          icon: <IconAlertTriangle size={20} />,
          color: 'red',
          actions: plans,
        };
      case 'projectLimit':
        return {
          title: BLOCKED_TEXTS.projectLimitTitle,
          body: owner
            ? BLOCKED_TEXTS.projectLimitOwnerBody(name)
            : BLOCKED_TEXTS.projectLimitMemberBody(name),
          icon: <IconStack2 size={20} />,
          color: 'yellow',
          actions: plans,
        };
    }
  })();

  return (
    <Popup
      opened={opened}
      onClose={onClose}
      title={look.title}
      description={look.body}
      icon={
        <ThemeIcon color={look.color} variant="light" radius="xl" size={34}>
          {look.icon}
        </ThemeIcon>
      }
      actions={look.actions}
    />
  );
}
