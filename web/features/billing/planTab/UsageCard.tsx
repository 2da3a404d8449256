import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Workspace } from '@common/api/workspaces';
import { plural } from '@common/text';
import type { WorkspaceState } from '@common/workspaceState';
import { formatBytes } from '../formats';
import { SettingsCard } from '@web/components/settings/SettingsCard';

function Meter({
  label,
  value,
  of,
  percent,
  error,
  testId,
}: {
  label: string;
  value: string;
  of: string;
  percent: number | null;
  error?: boolean;
  testId: string;
}) {
  return (
    <Stack gap={6} data-testid={testId} data-error={error ? 'true' : 'false'}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c={error ? 'red.7' : 'dimmed'}>
          <Text span fw={600} c={error ? 'red.7' : 'var(--mantine-color-text)'}>
            {value}
          </Text>{' '}
          {of}
        </Text>
      </Group>
      {percent !== null && (
        <Progress
          value={percent}
          color={error ? 'red' : 'brand'}
          size="md"
          radius="xl"
          aria-label={`${label}: ${value} ${of}`}
        />
      )}
    </Stack>
  );
}

const percentOf = (used: number, max: number) => (max > 0 ? Math.min(100, (used / max) * 100) : 0);

/**
 * How much of the plan the workspace uses: storage (error colour from 90 %), seats (members and
 * pending invitations, as the server counts them), projects.
 */
export function UsageCard({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  const maxProjects = state.subscriptionMaxProjectCount;
  return (
    <SettingsCard title="Usage" description="What this workspace uses of its plan and add-ons.">
      <SimpleGrid cols={1} spacing="lg">
        <Meter
          testId="storage-usage"
          label="Storage"
          value={formatBytes(workspace.storage_used_in_bytes)}
          of={`of ${formatBytes(state.storageCapacity)} used`}
          percent={percentOf(workspace.storage_used_in_bytes, state.storageCapacity)}
          error={state.storageNearlyFull}
        />
        <Meter
          testId="members-usage"
          label="Seats"
          value={String(workspace.seats_used)}
          of={`of ${plural(state.subscriptionMaxMembersCount, 'seat')} taken`}
          percent={percentOf(workspace.seats_used, state.subscriptionMaxMembersCount)}
          error={workspace.seats_used > state.subscriptionMaxMembersCount}
        />
        <Meter
          testId="projects-usage"
          label="Projects"
          value={String(workspace.projects_count)}
          of={maxProjects === null ? 'projects, unlimited' : `of ${plural(maxProjects, 'project')}`}
          percent={maxProjects === null ? null : percentOf(workspace.projects_count, maxProjects)}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Members and pending invitations take a seat each; collaborators are unlimited and take none.
      </Text>
    </SettingsCard>
  );
}
