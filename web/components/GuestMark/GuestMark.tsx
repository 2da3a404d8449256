import { Badge } from '@mantine/core';

export const GUEST_MARK_TEXTS = {
  label: 'Guest',
  hint: 'Not a member: wrote through a review link',
} as const;

/**
 * The small neutral 'Guest' badge beside the name of someone who joined through a review link,
 * wherever their name is shown (comments, carried feedback, activity, notifications).
 */
export function GuestMark() {
  return (
    <Badge
      component="span"
      size="xs"
      variant="light"
      color="gray"
      radius="sm"
      tt="none"
      fw={600}
      title={GUEST_MARK_TEXTS.hint}
      style={{ flexShrink: 0, verticalAlign: 'middle' }}
      data-testid="guest-mark"
    >
      {GUEST_MARK_TEXTS.label}
    </Badge>
  );
}
