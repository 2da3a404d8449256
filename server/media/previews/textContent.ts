/**
 * Whether a file's head is plain text (UTF-8, UTF-16 with its byte-order mark, or a single-byte
 * code page such as Windows-1251), and whether that text is markup a browser would run as a page.
 */

const MARKUP_START = /^\s*<[a-z!?/]/i;
/** Looked for near the top, where browsers' own sniffing looks. */
const MARKUP_ANYWHERE = /<(script|svg|html|body|iframe|object|embed|!doctype|\?xml)[\s>/]/i;
/** Controls that plain text does not hold (tab, line feed, form feed, carriage return, Ctrl-Z and escape do occur). */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1a, 0x1b]);

function controlCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !TEXT_CONTROLS.has(code)) || code === 0x7f) count++;
  }
  return count;
}

function decodeUtf8(head: Buffer): string | null {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // The head may end inside a multi-byte character: drop up to three bytes of it.
  for (let cut = 0; cut <= Math.min(3, head.length); cut++) {
    try {
      return decoder.decode(head.subarray(0, head.length - cut));
    } catch {
      // Try one byte shorter.
    }
  }
  return null;
}

function decode(head: Buffer): string | null {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(head.subarray(2));
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(head.subarray(2));
  if (head.includes(0)) return null;
  return decodeUtf8(head) ?? head.toString('latin1');
}

export function isText(head: Buffer): 'text' | 'markup' | null {
  const text = decode(head);
  if (text === null) return null;
  const body = text.replace(/^\ufeff/, '');
  if (controlCount(body) > body.length / 100) return null;
  if (MARKUP_START.test(body) || MARKUP_ANYWHERE.test(body.slice(0, 1024))) return 'markup';
  return 'text';
}
