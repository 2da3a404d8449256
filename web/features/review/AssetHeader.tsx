import { ActionIcon, Button, Group, Text, Title, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconFlag,
  IconFlagFilled,
  IconKeyboard,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AssetRound, AssetView } from '@common/api/assets';
import type { AssetAbilities } from '@common/assetGrid/abilities';
import { factsLine, roundFacts } from '@web/features/sharing';
import { UploadRoundButton } from './AssetRoundDropZone';
import { RoundSelector } from './RoundSelector';
import type { Neighbours } from './useNeighbours';
import classes from './AssetView.module.css';

export const ASSET_HEADER_TEXTS = {
  back: (place: string) => `Back to ${place}`,
  approve: 'Approve',
  approved: 'Approved',
  flag: 'Flag rush priority',
  unflag: 'Remove rush priority',
  previous: 'Previous asset',
  next: 'Next asset',
  download: 'Download',
  shortcuts: 'Keyboard shortcuts',
} as const;

export interface AssetHeaderActions {
  pickRound: (roundId: number) => void;
  toggleApproval: () => void;
  toggleRush: () => void;
  download: () => void;
  help: () => void;
  previous: () => void;
  next: () => void;
}

/**
 * The asset view's header: back to its place, the name and the shown round's facts, the round
 * selector, and on the right moving between assets, the rush flag, approval and downloading.
 */
export function AssetHeader({
  asset,
  round,
  rounds,
  abilities,
  neighbours,
  back,
  actions,
  comparing = false,
  compareControl,
  tasks,
  viewers,
}: {
  asset: AssetView;
  round: AssetRound;
  rounds: readonly AssetRound[];
  abilities: AssetAbilities;
  neighbours: Neighbours;
  back: { to: string; label: string };
  actions: AssetHeaderActions;
  /** While two rounds are compared the round selector is disabled (§2). */
  comparing?: boolean;
  compareControl?: ReactNode;
  /** The project's tasks and their panel, for those who see tasks. */
  tasks?: ReactNode;
  /** Who else is looking at the asset now. */
  viewers?: ReactNode;
}) {
  const approved = asset.approve === 'confirmed';
  const backLabel = ASSET_HEADER_TEXTS.back(back.label);
  return (
    <header className={classes.header} data-testid="asset-header">
      <Group gap="sm" wrap="nowrap" miw={0} className={classes.identity}>
        <Tooltip label={backLabel} openDelay={300}>
          <ActionIcon
            component={Link}
            to={back.to}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={backLabel}
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
        </Tooltip>
        <div className={classes.title}>
          <Title
            order={1}
            size="h4"
            lineClamp={1}
            style={{ wordBreak: 'break-all' }}
            data-testid="asset-name"
          >
            {asset.name}
          </Title>
          <Text size="xs" c="dimmed" lineClamp={1} data-testid="asset-facts">
            {factsLine(roundFacts(asset.kind, round))}
          </Text>
        </div>
        <RoundSelector
          asset={asset}
          rounds={rounds}
          shown={round}
          abilities={abilities}
          onPick={actions.pickRound}
          disabled={comparing}
        />
        {compareControl}
      </Group>
      <Group gap={8} wrap="nowrap">
        {viewers}
        <Group gap={2} wrap="nowrap" className={classes.stepper}>
          <HeaderAction
            label={ASSET_HEADER_TEXTS.previous}
            hint="←"
            disabled={!neighbours.previous}
            onClick={actions.previous}
          >
            <IconChevronLeft size={18} />
          </HeaderAction>
          <Text size="sm" c="dimmed" className={classes.position} data-testid="asset-position">
            {neighbours.position ? `${neighbours.position.index} of ${neighbours.position.total}` : ''}
          </Text>
          <HeaderAction
            label={ASSET_HEADER_TEXTS.next}
            hint="→"
            disabled={!neighbours.next}
            onClick={actions.next}
          >
            <IconChevronRight size={18} />
          </HeaderAction>
        </Group>
        <span className={classes.separator} aria-hidden />
        {abilities.download && (
          <HeaderAction label={ASSET_HEADER_TEXTS.download} hint="D" onClick={actions.download}>
            <IconDownload size={18} />
          </HeaderAction>
        )}
        <HeaderAction label={ASSET_HEADER_TEXTS.shortcuts} hint="?" onClick={actions.help}>
          <IconKeyboard size={18} />
        </HeaderAction>
        {tasks}
        <UploadRoundButton projectId={asset.project_id} assetId={asset.id} />
        {abilities.flag && (
          <Tooltip
            label={`${asset.rush_priority ? ASSET_HEADER_TEXTS.unflag : ASSET_HEADER_TEXTS.flag} (R)`}
            openDelay={300}
          >
            <ActionIcon
              variant={asset.rush_priority ? 'light' : 'default'}
              color={asset.rush_priority ? 'red' : 'gray'}
              size={36}
              aria-label={ASSET_HEADER_TEXTS.flag}
              aria-pressed={asset.rush_priority}
              data-testid="rush-toggle"
              onClick={actions.toggleRush}
            >
              {asset.rush_priority ? <IconFlagFilled size={18} /> : <IconFlag size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
        {abilities.approve && (
          <Button
            color={approved ? 'green' : undefined}
            variant={approved ? 'filled' : 'default'}
            leftSection={<IconCheck size={16} />}
            aria-pressed={approved}
            data-testid="approval-toggle"
            onClick={actions.toggleApproval}
          >
            {approved ? ASSET_HEADER_TEXTS.approved : ASSET_HEADER_TEXTS.approve}
          </Button>
        )}
      </Group>
    </header>
  );
}

/** A quiet icon button of the header, its shortcut key in the tooltip. */
function HeaderAction({
  label,
  hint,
  disabled,
  onClick,
  children,
}: {
  label: string;
  hint: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={`${label} (${hint})`} openDelay={300}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
