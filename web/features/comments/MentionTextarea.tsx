import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Textarea } from '@mantine/core';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { insertMention, matchMembers, mentionQueryAt, type PickedMention } from './mentions';
import classes from './Comments.module.css';

export interface Mentionable {
  id: number;
  name: string;
  email: string;
  avatar: string | null;
}

/**
 * A comment's text box: typing '@' lists the project's members (arrows to move, Enter or Tab to
 * pick, Esc to close); a picked member shows as '@Name' and is remembered in `picked`. Enter
 * sends, Shift+Enter starts a new line, Esc cancels.
 */
export function MentionTextarea({
  value,
  picked,
  onChange,
  members,
  onSubmit,
  onCancel,
  placeholder,
  autoFocus,
  label,
  minRows = 1,
  testId,
  listBelow = false,
}: {
  value: string;
  picked: readonly PickedMention[];
  onChange: (text: string, picked: PickedMention[]) => void;
  members: readonly Mentionable[];
  onSubmit: () => void;
  onCancel?: () => void;
  placeholder: string;
  autoFocus?: boolean;
  label: string;
  minRows?: number;
  testId?: string;
  /** The members' list opens under the box (in the list of comments) rather than above it (at the foot). */
  listBelow?: boolean;
}) {
  const listId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const query = mentionQueryAt(value, caret);
  const options = query && query.start !== dismissedAt ? matchMembers(members, query.query) : [];
  const open = options.length > 0;
  const current = Math.min(active, options.length - 1);

  // Where the caret goes once the picked name is in the box: placed as the new text is rendered,
  // before the next key is handled, so what one types straight after picking follows the name.
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    const place = caretAfterPick.current;
    if (place === null) return;
    caretAfterPick.current = null;
    input.current?.focus();
    input.current?.setSelectionRange(place, place);
  }, [value]);

  const pick = (member: Mentionable) => {
    if (!query) return;
    const next = insertMention(value, { start: query.start, caret }, member);
    const known = picked.some((p) => p.id === next.picked.id) ? [...picked] : [...picked, next.picked];
    onChange(next.text, known);
    setCaret(next.caret);
    setActive(0);
    caretAfterPick.current = next.caret;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(options[current]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(query?.start ?? null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div className={classes.mentionBox}>
      {open && (
        <div
          className={classes.mentionList}
          data-below={listBelow || undefined}
          role="listbox"
          id={listId}
          aria-label="Members"
          data-testid="mention-list"
        >
          {options.map((member, index) => (
            <div
              key={member.id}
              role="option"
              id={`${listId}-${member.id}`}
              aria-selected={index === current}
              className={classes.mentionOption}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <UserAvatar user={member} size={24} />
              <div className={classes.mentionWho}>
                <span className={classes.mentionName}>{member.name}</span>
                <span className={classes.mentionEmail}>{member.email}</span>
              </div>
            </div>
          ))}
        </div>
      )}
      <Textarea
        ref={input}
        value={value}
        aria-label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        autosize
        minRows={minRows}
        maxRows={8}
        variant="unstyled"
        classNames={{ input: classes.textInput }}
        data-testid={testId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${options[current]!.id}` : undefined}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setCaret(event.currentTarget.selectionStart);
          setActive(0);
          if (
            dismissedAt !== null &&
            mentionQueryAt(text, event.currentTarget.selectionStart)?.start !== dismissedAt
          )
            setDismissedAt(null);
          onChange(text, [...picked]);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissedAt(query?.start ?? null)}
        onFocus={() => setDismissedAt(null)}
      />
    </div>
  );
}
