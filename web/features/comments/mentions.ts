import { MENTION_PATTERN, mentionToken } from '@common/api/comments';

/**
 * A comment's text as pieces to render: plain text and mentions (`@[Name](user:ID)`). The text is
 * never HTML: each piece becomes a text node or a styled span.
 */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'mention'; name: string; userId: number };

export function textPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const match of text.matchAll(new RegExp(MENTION_PATTERN.source, 'g'))) {
    const at = match.index;
    if (at > from) pieces.push({ kind: 'text', text: text.slice(from, at) });
    pieces.push({ kind: 'mention', name: match[1]!, userId: Number(match[2]) });
    from = at + match[0].length;
  }
  if (from < text.length) pieces.push({ kind: 'text', text: text.slice(from) });
  return pieces;
}

/** The longest name typed after '@' that still opens the list of members. */
const QUERY_MAX = 40;

/**
 * The mention being typed at the caret: an '@' at the start or after a space, then at most
 * QUERY_MAX characters without a line break or another '@'. Null when the caret is elsewhere.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(Math.max(0, caret - QUERY_MAX - 1), caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const start = caret - before.length + at;
  const query = text.slice(start + 1, caret);
  if (/[\n@[\]]/.test(query) || /^\s/.test(query) || /\s{2}/.test(query)) return null;
  if (start > 0 && !/\s/.test(text[start - 1]!)) return null;
  return { start, query };
}

/** A member mentioned in the text box, shown there as '@Name'. */
export interface PickedMention {
  id: number;
  name: string;
}

/** How a mention reads in the text box: '@' and the name as its token keeps it. */
export const mentionLabel = (user: { name: string }) =>
  `@${user.name.replace(/[[\]\n]/g, ' ').slice(0, 100)}`;

/** '@Name ' in place of '@query', the member remembered, and where the caret goes. */
export function insertMention(
  text: string,
  mention: { start: number; caret: number },
  user: PickedMention,
): { text: string; caret: number; picked: PickedMention } {
  const label = `${mentionLabel(user)} `;
  const after = text.slice(mention.caret).replace(/^ /, '');
  return {
    text: text.slice(0, mention.start) + label + after,
    caret: mention.start + label.length,
    picked: { id: user.id, name: mentionLabel(user).slice(1) },
  };
}

/** A stored text as the text box shows it: tokens as '@Name', and the members they name. */
export function toEditable(text: string): { text: string; picked: PickedMention[] } {
  const picked: PickedMention[] = [];
  const shown = textPieces(text)
    .map((piece) => {
      if (piece.kind === 'text') return piece.text;
      if (!picked.some((p) => p.id === piece.userId)) picked.push({ id: piece.userId, name: piece.name });
      return `@${piece.name}`;
    })
    .join('');
  return { text: shown, picked };
}

/**
 * The text box's text as it is sent: each '@Name' of a member picked from the list (at the start
 * or after a space, and not running on into a longer word) becomes that member's token. An '@'
 * typed without picking stays plain text.
 */
export function toWireText(text: string, picked: readonly PickedMention[]): string {
  if (picked.length === 0) return text;
  const byLength = [...picked].sort((a, b) => b.name.length - a.name.length);
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '@' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const found = byLength.find((p) => {
        if (!text.startsWith(`@${p.name}`, i)) return false;
        const next = text[i + 1 + p.name.length];
        return next === undefined || !/[\p{L}\p{N}_]/u.test(next);
      });
      if (found) {
        out += mentionToken(found);
        i += 1 + found.name.length;
        continue;
      }
    }
    out += char;
    i += 1;
  }
  return out;
}

/** Members whose name or e-mail starts a word with the query, the best matches first. */
export function matchMembers<T extends { name: string; email?: string | null }>(
  members: readonly T[],
  query: string,
  limit = 6,
): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return members.slice(0, limit);
  const scored = members
    .map((member) => {
      const name = member.name.toLowerCase();
      const score = name.startsWith(q)
        ? 0
        : name.split(/\s+/).some((word) => word.startsWith(q))
          ? 1
          : member.email?.toLowerCase().startsWith(q)
            ? 2
            : -1;
      return { member, score };
    })
    .filter((entry) => entry.score >= 0);
  scored.sort((a, b) => a.score - b.score || a.member.name.localeCompare(b.member.name));
  return scored.slice(0, limit).map((entry) => entry.member);
}
