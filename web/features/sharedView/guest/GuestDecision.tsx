import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconPencilExclamation } from '@tabler/icons-react';
import { ASSET_DECISION_ACTIONS, type AssetDecision } from '@common/api/decisions';
import classes from './GuestReview.module.css';

export const GUEST_DECISION_TEXTS = {
  title: (round: number) => `Your decision on Round ${round}`,
  none: 'Approve it, or ask for changes: the team sees your decision beside your name.',
  approved: 'You approved this round. Click again to take it back.',
  changes_requested: 'You asked for changes on this round. Click again to take it back.',
} as const;

/**
 * The guest's own decision on the asset's current round: 'Approve' or 'Request changes', the one
 * given lit; clicking it again takes it back.
 */
export function GuestDecision({
  round,
  decision,
  ready,
  onDecide,
}: {
  round: number;
  decision: AssetDecision | null;
  /** The guest's decision has been read: until then nothing can be picked. */
  ready: boolean;
  onDecide: (decision: AssetDecision | null) => void;
}) {
  const pick = (value: AssetDecision) => onDecide(decision === value ? null : value);
  return (
    <div className={classes.decision} data-testid="guest-decision" data-decision={decision ?? 'none'}>
      <Text size="sm" fw={600}>
        {GUEST_DECISION_TEXTS.title(round)}
      </Text>
      <Group gap="xs" grow preventGrowOverflow={false} wrap="nowrap" mt={8}>
        <Button
          size="sm"
          color="teal"
          variant={decision === 'approved' ? 'filled' : 'default'}
          leftSection={<IconCheck size={16} />}
          aria-pressed={decision === 'approved'}
          disabled={!ready}
          onClick={() => pick('approved')}
          data-testid="guest-approve"
        >
          {ASSET_DECISION_ACTIONS.approved}
        </Button>
        <Button
          size="sm"
          color="orange"
          variant={decision === 'changes_requested' ? 'filled' : 'default'}
          leftSection={<IconPencilExclamation size={16} />}
          aria-pressed={decision === 'changes_requested'}
          disabled={!ready}
          onClick={() => pick('changes_requested')}
          data-testid="guest-request-changes"
        >
          {ASSET_DECISION_ACTIONS.changes_requested}
        </Button>
      </Group>
      <Text size="xs" c="gray.7" mt={8} role="status">
        {GUEST_DECISION_TEXTS[decision ?? 'none']}
      </Text>
    </div>
  );
}
