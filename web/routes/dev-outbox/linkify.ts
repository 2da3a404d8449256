export type BodyPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** Splits an e-mail's text into plain parts and http(s) links, so links can be clicked. */
export function linkify(text: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let href = match[0];
    // A sentence's full stop or comma right after a link is not part of it.
    const trailing = /[.,;:!?]+$/.exec(href)?.[0] ?? '';
    href = href.slice(0, href.length - trailing.length);
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'link', href });
    last = match.index + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
