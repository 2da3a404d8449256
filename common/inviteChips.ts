import { isEmail } from './validation';

/**
 * The invite form's e-mail chips (account-side §4, §5): a chip is added on space, tab or enter;
 * pasted text is split on commas, spaces and newlines; duplicates are dropped; a chip that is not
 * an e-mail stays, marked invalid (shown in the error colour) and blocks sending.
 */
export interface InviteChip {
  email: string;
  valid: boolean;
}

/** Keys that turn the typed text into a chip. */
export const CHIP_KEYS = [' ', 'Tab', 'Enter'] as const;

export function isChipKey(key: string): boolean {
  return (CHIP_KEYS as readonly string[]).includes(key);
}

/** Splits typed or pasted text on commas, spaces (any whitespace) and newlines. */
export function splitEmails(text: string): string[] {
  return text.split(/[\s,]+/).filter((part) => part.length > 0);
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The chips with the addresses in `text` appended, leaving out any already present. */
export function addChips(chips: readonly InviteChip[], text: string): InviteChip[] {
  const next = [...chips];
  for (const email of splitEmails(text)) {
    if (next.some((chip) => sameEmail(chip.email, email))) continue;
    next.push({ email, valid: isEmail(email) });
  }
  return next;
}

export function removeChip(chips: readonly InviteChip[], email: string): InviteChip[] {
  return chips.filter((chip) => chip.email !== email);
}

/** Removes the last chip (Backspace in an empty field). */
export function removeLastChip(chips: readonly InviteChip[]): InviteChip[] {
  return chips.slice(0, -1);
}

export interface InviteDraft {
  chips: readonly InviteChip[];
  /** Text typed after the last chip, not yet a chip. */
  text: string;
}

/** What would be sent: the chips plus whatever is still typed. */
export function draftChips({ chips, text }: InviteDraft): InviteChip[] {
  return addChips(chips, text);
}

/**
 * The Send button works only when something was entered, every address is valid, nothing is
 * being sent and the form is not disabled (§5).
 */
export function canSendInvites(
  draft: InviteDraft,
  options: { sending: boolean; disabled: boolean },
): boolean {
  if (options.sending || options.disabled) return false;
  const chips = draftChips(draft);
  return chips.length > 0 && chips.every((chip) => chip.valid);
}
