import { ActionIcon, Badge, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconChevronDown, IconGitCompare, IconX } from '@tabler/icons-react';
import type { AssetRound } from '@common/api/assets';
import { ROUND_TEXTS } from '../RoundMenu';
import type { CompareSession } from './useCompareSession';
import classes from './compareControl.module.css';

export const COMPARE_CONTROL_TEXTS = {
  compare: 'Compare',
  compareHint: 'Compare two rounds (C)',
  swap: 'Swap the rounds',
  leave: 'Leave compare (Esc)',
  side: (side: 'a' | 'b') => (side === 'a' ? 'First round compared' : 'Second round compared'),
  processing: 'Preview being prepared',
  noPreview: 'No preview',
} as const;

function RoundPicker({
  side,
  rounds,
  shown,
  latestId,
  onPick,
}: {
  side: 'a' | 'b';
  rounds: readonly AssetRound[];
  shown: number;
  latestId: number;
  onPick: (roundId: number) => void;
}) {
  const round = rounds.find((r) => r.id === shown);
  return (
    <Menu position="bottom-start" shadow="md" width={200}>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="white"
          color="dark"
          rightSection={<IconChevronDown size={12} />}
          aria-label={`${COMPARE_CONTROL_TEXTS.side(side)}: ${round ? ROUND_TEXTS.round(round.number) : ''}`}
          data-testid={`compare-pick-${side}`}
          className={classes.picker}
        >
          <span className={classes.dot} data-side={side} aria-hidden />
          {round ? ROUND_TEXTS.round(round.number) : '—'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{COMPARE_CONTROL_TEXTS.side(side)}</Menu.Label>
        {[...rounds].reverse().map((r) => (
          <Menu.Item
            key={r.id}
            onClick={() => onPick(r.id)}
            rightSection={r.id === shown ? <IconCheck size={14} aria-label="Compared" /> : null}
          >
            <Group gap={8} wrap="nowrap">
              <Text size="sm" fw={500}>
                {ROUND_TEXTS.round(r.number)}
              </Text>
              {r.id === latestId && (
                <Badge size="xs" variant="light">
                  {ROUND_TEXTS.latest}
                </Badge>
              )}
            </Group>
            {r.preview_state !== 'ready' && (
              <Text size="xs" c="dimmed">
                {r.preview_state === 'processing'
                  ? COMPARE_CONTROL_TEXTS.processing
                  : COMPARE_CONTROL_TEXTS.noPreview}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The header's 'Compare': for an asset with two rounds or more. While comparing it shows the two
 * rounds compared, each to change, a swap, and the way out.
 */
export function CompareControl({
  session,
  rounds,
  latestId,
}: {
  session: CompareSession;
  rounds: readonly AssetRound[];
  latestId: number;
}) {
  if (!session.available) return null;
  const pair = session.pair;
  if (!pair)
    return (
      <Tooltip label={COMPARE_CONTROL_TEXTS.compareHint} openDelay={300}>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconGitCompare size={16} />}
          onClick={session.enter}
          data-testid="compare-toggle"
          aria-pressed={false}
        >
          {COMPARE_CONTROL_TEXTS.compare}
        </Button>
      </Tooltip>
    );
  return (
    <div className={classes.control} data-testid="compare-control" role="group" aria-label="Rounds compared">
      <RoundPicker
        side="a"
        rounds={rounds}
        shown={pair.a}
        latestId={latestId}
        onPick={(id) => session.pick('a', id)}
      />
      <Tooltip label={COMPARE_CONTROL_TEXTS.swap} openDelay={300}>
        <ActionIcon
          variant="subtle"
          color="blue"
          size="sm"
          aria-label={COMPARE_CONTROL_TEXTS.swap}
          onClick={session.swap}
        >
          <IconArrowsExchange size={14} />
        </ActionIcon>
      </Tooltip>
      <RoundPicker
        side="b"
        rounds={rounds}
        shown={pair.b}
        latestId={latestId}
        onPick={(id) => session.pick('b', id)}
      />
      <Tooltip label={COMPARE_CONTROL_TEXTS.leave} openDelay={300}>
        <ActionIcon
          variant="subtle"
          color="blue"
          size="sm"
          aria-label={COMPARE_CONTROL_TEXTS.leave}
          onClick={session.leave}
          data-testid="compare-leave"
        >
          <IconX size={14} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
