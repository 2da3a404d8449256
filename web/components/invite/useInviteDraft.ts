import { useState } from 'react';
import { canSendInvites, draftChips, type InviteChip } from '@common/inviteChips';
import { messageProblem } from './message';

/**
 * The draft of an invitation form (workspace or project): the e-mail chips, the text still being
 * typed and the optional message, and whether they may be sent.
 */
export function useInviteDraft({ sending, disabled }: { sending: boolean; disabled: boolean }) {
  const [chips, setChips] = useState<InviteChip[]>([]);
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const tooLong = messageProblem(message) !== null;
  const canSend = canSendInvites({ chips, text }, { sending, disabled }) && !tooLong;

  return {
    /** Props for EmailChipsInput. */
    chipsInput: {
      chips,
      text,
      onChange: (next: { chips: InviteChip[]; text: string }) => {
        setChips(next.chips);
        setText(next.text);
      },
    },
    message,
    setMessage,
    canSend,
    /** The trimmed message as the request wants it: absent when empty. */
    note: message.trim() ? { message: message.trim() } : {},
    /**
     * Turns the typed text into chips; answers the addresses when they may be sent, else null
     * (the chips in red or the message too long then show why).
     */
    take(): string[] | null {
      const all = draftChips({ chips, text });
      setChips(all);
      setText('');
      if (!canSendInvites({ chips: all, text: '' }, { sending, disabled }) || tooLong) return null;
      return all.map((chip) => chip.email);
    },
    /** After sending: an empty form again. */
    clear() {
      setChips([]);
      setMessage('');
    },
  };
}
