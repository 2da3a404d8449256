import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Pill, PillsInput } from '@mantine/core';
import { addChips, isChipKey, removeChip, removeLastChip, type InviteChip } from '@common/inviteChips';

export const INVALID_CHIPS = 'Remove or correct the addresses in red.';

/**
 * E-mail chips (account-side §4, §5): space, tab or enter turns the typed text into a chip,
 * pasted text is split on commas, spaces and newlines, duplicates are dropped, invalid chips
 * show in the error colour, and each chip can be removed.
 */
export function EmailChipsInput({
  chips,
  text,
  onChange,
  disabled,
  placeholder,
  label,
  error,
}: {
  chips: readonly InviteChip[];
  text: string;
  onChange: (next: { chips: InviteChip[]; text: string }) => void;
  disabled: boolean;
  placeholder: string;
  label: string;
  /** By default the chips in red are pointed out. */
  error?: string | null;
}) {
  const [focused, setFocused] = useState(false);

  function commit(extra = '') {
    const combined = `${text}${extra}`;
    if (!combined.trim()) return;
    onChange({ chips: addChips(chips, combined), text: '' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (isChipKey(event.key)) {
      if (text.trim()) {
        event.preventDefault();
        commit();
      } else if (event.key !== 'Tab') {
        event.preventDefault();
      }
      return;
    }
    if (event.key === 'Backspace' && text === '' && chips.length > 0) {
      event.preventDefault();
      onChange({ chips: removeLastChip(chips), text: '' });
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    commit(pasted);
  }

  return (
    <PillsInput
      label={label}
      disabled={disabled}
      error={error === undefined ? (chips.some((c) => !c.valid) ? INVALID_CHIPS : null) : error}
      size="md"
      data-focused={focused || undefined}
      data-testid="invite-emails"
    >
      <Pill.Group>
        {chips.map((chip) => (
          <Pill
            key={chip.email}
            withRemoveButton={!disabled}
            onRemove={() => onChange({ chips: removeChip(chips, chip.email), text })}
            data-invalid={!chip.valid || undefined}
            data-testid={chip.valid ? 'email-chip' : 'email-chip-invalid'}
            title={chip.valid ? chip.email : `${chip.email} is not a valid e-mail`}
            removeButtonProps={{ 'aria-label': `Remove ${chip.email}`, 'aria-hidden': false }}
            styles={
              chip.valid
                ? undefined
                : {
                    root: {
                      background: 'var(--mantine-color-red-light)',
                      color: 'var(--mantine-color-red-light-color)',
                      boxShadow: 'inset 0 0 0 1px var(--mantine-color-red-4)',
                    },
                  }
            }
          >
            {chip.email}
          </Pill>
        ))}
        <PillsInput.Field
          value={text}
          aria-label={label}
          placeholder={chips.length === 0 ? placeholder : undefined}
          disabled={disabled}
          onChange={(event) => onChange({ chips: [...chips], text: event.currentTarget.value })}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            commit();
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}
