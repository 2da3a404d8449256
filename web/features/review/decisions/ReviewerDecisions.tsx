import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { AssetView } from '@common/api/assets';
import { useSignedInUser } from '@web/features/account';
import { DecisionFaces } from './DecisionFaces';
import { MyDecision } from './MyDecision';
import { useDecide } from './useDecide';
import classes from './ReviewerDecisions.module.css';

export const REVIEWER_DECISIONS_TEXTS = {
  title: 'Decisions',
  none: 'No decisions on this round yet',
  earlierRound: 'Decisions are given on the current round',
} as const;

/**
 * Who decided what on the current round (issue 26 item 3), and, for members who may comment,
 * their own decision: a strip over the comments, beside the header's approval, which stays the
 * asset's one approved state. `shownIsCurrent` false (an earlier round or a comparison on screen)
 * says so instead, since decisions belong to the current round.
 */
export function ReviewerDecisions({
  asset,
  mayDecide,
  shownIsCurrent,
}: {
  asset: AssetView;
  mayDecide: boolean;
  shownIsCurrent: boolean;
}) {
  const me = useSignedInUser();
  const decide = useDecide(asset);
  const mine =
    asset.decisions.find((d) => !d.reviewer.is_guest && me !== null && d.reviewer.id === me.id)?.decision ??
    null;
  return (
    <section
      className={classes.strip}
      aria-label={REVIEWER_DECISIONS_TEXTS.title}
      data-testid="decisions-strip"
    >
      <div className={classes.top}>
        <Text size="sm" fw={600}>
          {REVIEWER_DECISIONS_TEXTS.title}
        </Text>
        {shownIsCurrent && mayDecide && (
          <MyDecision
            decision={mine}
            busy={decide.isPending}
            onDecide={(decision) => decide.mutate(decision)}
          />
        )}
      </div>
      {shownIsCurrent && asset.decisions.length > 0 ? (
        <DecisionFaces decisions={asset.decisions} />
      ) : (
        <Text size="xs" c="dimmed">
          {shownIsCurrent ? REVIEWER_DECISIONS_TEXTS.none : REVIEWER_DECISIONS_TEXTS.earlierRound}
        </Text>
      )}
    </section>
  );
}

/** The right column: the decisions strip, then `children` (the comments panel) filling the rest. */
export function DecisionsOverComments({ strip, children }: { strip: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.column}>
      {strip}
      <div>{children}</div>
    </div>
  );
}
