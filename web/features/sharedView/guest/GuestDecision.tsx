import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconPencilExclamation } from '@tabler/icons-react';
import { ASSET_DECISION_ACTIONS, type AssetDecision, type AssetDecisionView } from '@common/api/decisions';
import { DecisionFaces } from '@web/features/review';
import classes from './GuestReview.module.css';

export const GUEST_DECISION_TEXTS = {
  title: (round: number) => `Your decision on Round ${round}`,
  none: 'Approve it, or ask for changes: the team sees your decision beside your name.',
  others: 'Decisions on this round',
  approved: 'You approved this round. Click again to take it back.',
  changes_requested: 'You asked for changes on this round. Click again to take it back.',
} as const;

/**
 * The guest's own decision on the asset's current round: 'Approve' or 'Request changes', the one
 * given lit; clicking it again takes it back. Below, everyone's decisions on the round (members by
 * name only), as the members' strip shows them.
 */
export function GuestDecision({
  round,
  decision,
  decisions,
  ready,
  onDecide,
}: {
  round: number;
  decision: AssetDecision | null;
  /** Every reviewer's decision on the round, the guest's own included. */
  decisions: readonly AssetDecisionView[];
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
      {decisions.length > 0 && (
        <div className={classes.others} data-testid="guest-decisions">
          <Text size="xs" fw={600} c="gray.7">
            {GUEST_DECISION_TEXTS.others}
          </Text>
          <DecisionFaces decisions={decisions} size={28} />
        </div>
      )}
    </div>
  );
}
