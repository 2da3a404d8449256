import { Avatar, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  ASSET_DECISION_LABELS,
  facesAndRest,
  type AssetDecision,
  type AssetDecisionView,
} from '@common/api/decisions';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import classes from './DecisionFaces.module.css';

export const DECISION_FACES_TEXTS = {
  label: 'Reviewers’ decisions',
  guest: (name: string) => `${name} (Guest)`,
  one: (d: AssetDecisionView) =>
    `${d.reviewer.is_guest ? DECISION_FACES_TEXTS.guest(d.reviewer.name) : d.reviewer.name}: ${ASSET_DECISION_LABELS[d.decision]}`,
} as const;

/** Focus shows the name as hover does: the faces are reached with Tab. */
const TOOLTIP_EVENTS = { hover: true, focus: true, touch: true };

export function DecisionMark({ decision, size = 9 }: { decision: AssetDecision; size?: number }) {
  return (
    <span className={classes.badge} data-decision={decision} aria-hidden>
      {decision === 'approved' ? <IconCheck size={size} stroke={4} /> : <IconX size={size} stroke={4} />}
    </span>
  );
}

/**
 * Who decided what on the current round (issue 26 item 3): a face each with a tick or a cross,
 * the name and decision on hover and focus, at most DECISION_AVATARS_SHOWN and '+N' for the rest.
 * Nothing when nobody has decided.
 */
export function DecisionFaces({
  decisions,
  size = 30,
}: {
  decisions: readonly AssetDecisionView[];
  size?: number;
}) {
  if (decisions.length === 0) return null;
  const { shown, rest } = facesAndRest(decisions);
  return (
    <div
      className={classes.faces}
      role="list"
      aria-label={DECISION_FACES_TEXTS.label}
      data-testid="asset-decisions"
    >
      {shown.map((d) => {
        const text = DECISION_FACES_TEXTS.one(d);
        return (
          <Tooltip
            key={`${d.reviewer.is_guest ? 'g' : 'u'}${d.reviewer.id ?? d.reviewer.name}`}
            label={text}
            withArrow
            openDelay={150}
            events={TOOLTIP_EVENTS}
            position="bottom"
          >
            <span
              className={classes.face}
              role="listitem"
              tabIndex={0}
              aria-label={text}
              data-testid="asset-decision"
              data-decision={d.decision}
            >
              <UserAvatar
                user={d.reviewer}
                size={size}
                radius="xl"
                aria-hidden
                {...(d.reviewer.is_guest ? { color: 'gray', className: classes.guest } : {})}
              />
              <DecisionMark decision={d.decision} />
            </span>
          </Tooltip>
        );
      })}
      {rest.length > 0 && (
        <Tooltip
          label={rest.map(DECISION_FACES_TEXTS.one).join(', ')}
          withArrow
          multiline
          maw={280}
          openDelay={150}
          position="bottom"
          events={TOOLTIP_EVENTS}
        >
          <span
            className={classes.face}
            role="listitem"
            tabIndex={0}
            aria-label={rest.map(DECISION_FACES_TEXTS.one).join(', ')}
            data-testid="asset-decisions-more"
          >
            <Avatar size={size} radius="xl" color="gray" aria-hidden>
              <span className={classes.more}>+{rest.length}</span>
            </Avatar>
          </span>
        </Tooltip>
      )}
    </div>
  );
}
