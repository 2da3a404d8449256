import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconX } from '@tabler/icons-react';
import {
  ASSET_DECISION_ACTIONS,
  ASSET_DECISION_LABELS,
  ASSET_DECISIONS,
  type AssetDecision,
} from '@common/api/decisions';

export const MY_DECISION_TEXTS = {
  button: 'Your decision',
  /** The button's name once decided: its icon and colour say it to the eye. */
  decided: (decision: AssetDecision) => `Your decision: ${ASSET_DECISION_LABELS[decision]}`,
  withdraw: 'Withdraw your decision',
  /** Read after the decision already given: picking it again takes it back. */
  picked: ' (your decision: pick again to withdraw it)',
  hint: 'Your own decision on this round, beside the asset’s approval',
} as const;

const ICONS = { approved: IconCheck, changes_requested: IconX } as const;
const COLORS = { approved: 'teal', changes_requested: 'red' } as const;

/**
 * The caller's own decision on the current round: a menu of 'Approve' and 'Request changes'
 * (picking the one already given, ticked, takes it back, as does 'Withdraw your decision'). The
 * button says where the caller stands: a tick in teal or a cross in red, and its name in words. Mantine's menu is keyboard-driven (arrows, Enter, Escape).
 */
export function MyDecision({
  decision,
  busy,
  onDecide,
}: {
  decision: AssetDecision | null;
  busy: boolean;
  onDecide: (decision: AssetDecision | null) => void;
}) {
  const Icon = decision ? ICONS[decision] : null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={230}>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant={decision ? 'light' : 'default'}
          color={decision ? COLORS[decision] : undefined}
          leftSection={Icon ? <Icon size={16} stroke={2.5} /> : undefined}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
          title={decision ? MY_DECISION_TEXTS.decided(decision) : MY_DECISION_TEXTS.hint}
          aria-label={decision ? MY_DECISION_TEXTS.decided(decision) : MY_DECISION_TEXTS.button}
          data-testid="my-decision"
          data-decision={decision ?? 'none'}
        >
          {MY_DECISION_TEXTS.button}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="my-decision-menu">
        {ASSET_DECISIONS.map((choice) => {
          const ChoiceIcon = ICONS[choice];
          const picked = decision === choice;
          return (
            <Menu.Item
              key={choice}
              leftSection={
                <ChoiceIcon size={16} stroke={2.5} color={`var(--mantine-color-${COLORS[choice]}-filled)`} />
              }
              rightSection={picked ? <IconCheck size={14} aria-hidden /> : undefined}
              onClick={() => onDecide(picked ? null : choice)}
              data-testid={`decide-${choice}`}
            >
              {ASSET_DECISION_ACTIONS[choice]}
              {picked && <VisuallyHidden>{MY_DECISION_TEXTS.picked}</VisuallyHidden>}
            </Menu.Item>
          );
        })}
        {decision && (
          <>
            <Menu.Divider />
            <Menu.Item onClick={() => onDecide(null)} data-testid="decide-withdraw">
              {MY_DECISION_TEXTS.withdraw}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
