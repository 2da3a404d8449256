export type PopupActionVariant = 'primary' | 'danger' | 'secondary';

/**
 * Whether an action button is disabled by the popup's checkbox: actions are gated only when
 * the popup has a checkbox, the action is gated (by default every non-secondary one), and the
 * box is not ticked yet. Cancel-like actions always work.
 */
export function isGatedOff(
  action: { variant?: PopupActionVariant; gated?: boolean },
  hasCheckbox: boolean,
  ticked: boolean,
): boolean {
  const gated = action.gated ?? (action.variant ?? 'primary') !== 'secondary';
  return hasCheckbox && gated && !ticked;
}
