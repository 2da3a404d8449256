import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconTrash } from '@tabler/icons-react';
import type { AssetRound } from '@common/api/assets';

export const ROUND_TEXTS = {
  round: (n: number) => `Round ${n}`,
  deleteLatest: (n: number) => `Delete Round ${n}`,
  latest: 'Latest',
  label: 'Round',
} as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * 'Round N': the round on screen, and a menu of every round, newest first, to look at an older
 * one. Disabled while two rounds are compared (projects-side §2).
 */
export function RoundMenu({
  rounds,
  shown,
  latestId,
  disabled = false,
  onPick,
  onDeleteLatest,
}: {
  rounds: readonly AssetRound[];
  shown: AssetRound;
  latestId: number;
  disabled?: boolean;
  onPick: (roundId: number) => void;
  /** Offered at the foot of the menu when the user may delete the latest round. */
  onDeleteLatest?: (() => void) | undefined;
}) {
  const latest = rounds.find((round) => round.id === latestId);
  if (rounds.length <= 1)
    return (
      <Badge size="lg" radius="sm" variant="light" color="gray" tt="none" data-testid="round-selector">
        {ROUND_TEXTS.round(shown.number)}
      </Badge>
    );
  return (
    <Menu position="bottom-start" shadow="md" width={260} disabled={disabled}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronDown size={14} />}
          disabled={disabled}
          data-testid="round-selector"
          aria-label={`${ROUND_TEXTS.round(shown.number)}: choose another round`}
        >
          {ROUND_TEXTS.round(shown.number)}
          {shown.id !== latestId && (
            <Badge ml={8} size="xs" color="orange" variant="light">
              Older
            </Badge>
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="round-menu">
        <Menu.Label>{rounds.length} rounds</Menu.Label>
        {[...rounds].reverse().map((round) => (
          <Menu.Item
            key={round.id}
            onClick={() => onPick(round.id)}
            rightSection={round.id === shown.id ? <IconCheck size={14} aria-label="Shown" /> : null}
          >
            <Group gap={8} wrap="nowrap">
              <Text size="sm" fw={500}>
                {ROUND_TEXTS.round(round.number)}
              </Text>
              {round.id === latestId && (
                <Badge size="xs" variant="light">
                  {ROUND_TEXTS.latest}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {dateFormat.format(new Date(round.created_at))}
              {round.uploader.name ? ` · ${round.uploader.name}` : ''}
            </Text>
          </Menu.Item>
        ))}
        {onDeleteLatest && latest && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDeleteLatest}>
              {ROUND_TEXTS.deleteLatest(latest.number)}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
