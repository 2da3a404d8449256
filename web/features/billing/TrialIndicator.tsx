import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangleFilled, IconHourglassHigh } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { trialIndicatorText } from '@common/workspaceState';
import { OPEN_PLAN_MODAL, workspacePath } from '@web/features/workspaces';
import { useRelevantWorkspace } from './useRelevantWorkspace';

/**
 * The top bar's free-trial indicator (account-side §2): 'N day(s) left' with a warning icon at 7 or
 * fewer days, 'Free Trial Expired', and Upgrade; the owner of a suspended workspace gets 'Go to
 * Billing', other members nothing.
 */
export function TrialIndicator() {
  const { workspace, state } = useRelevantWorkspace();
  const navigate = useNavigate();
  if (!workspace || !state) return null;
  const text = trialIndicatorText(state);
  const owner = state.currentUserIsOwner;
  const toPlans = () => void navigate(workspacePath(workspace.id, 'plan'), { state: OPEN_PLAN_MODAL });

  if (text) {
    const expired = state.isOnExpiredFreeTrial;
    const warn = expired || state.showWarningIcon;
    return (
      <Group gap="sm" wrap="nowrap" data-testid="trial-indicator">
        <Tooltip label={`${workspace.name}: Free Trial`} withArrow>
          <Group gap={6} wrap="nowrap">
            {warn ? (
              <IconAlertTriangleFilled
                size={18}
                color={`var(--mantine-color-${expired ? 'red' : 'orange'}-6)`}
                aria-label="Warning"
                data-testid="trial-warning"
              />
            ) : (
              <IconHourglassHigh size={18} color="var(--mantine-color-dimmed)" />
            )}
            <Text
              size="sm"
              fw={600}
              c={expired ? 'red.7' : warn ? 'orange.8' : undefined}
              data-testid="trial-text"
            >
              {text}
            </Text>
          </Group>
        </Tooltip>
        {owner && (
          <Button size="xs" radius="xl" onClick={toPlans}>
            Upgrade
          </Button>
        )}
      </Group>
    );
  }

  if (state.isSuspended && owner) {
    return (
      <Group gap="sm" wrap="nowrap" data-testid="suspended-indicator">
        <Group gap={6} wrap="nowrap">
          <IconAlertTriangleFilled size={18} color="var(--mantine-color-red-6)" aria-label="Warning" />
          <Text size="sm" fw={600} c="red.7">
            Workspace Suspended
          </Text>
        </Group>
        <Button
          size="xs"
          radius="xl"
          variant="light"
          color="red"
          onClick={() => void navigate(workspacePath(workspace.id, 'plan'))}
        >
          Go to Billing
        </Button>
      </Group>
    );
  }
  return null;
}
