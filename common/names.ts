/**
 * Characters a name may not hold, because they are invisible or change how the text around them
 * reads (decisions.md, 'Names'):
 * - controls, C0 and C1 (U+0000–U+001F, U+007F–U+009F): NUL, tabs, line breaks, escapes;
 * - line and paragraph separators (U+2028, U+2029) and unpaired surrogates;
 * - bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): the
 *   right-to-left override shows 'photo\u202Egnp.jpg' as 'photogpj.png', a false extension;
 * - invisible separators and marks: zero width space U+200B, word joiner and invisible operators
 *   U+2060–U+2064, deprecated format controls U+206A–U+206F, the byte order mark U+FEFF,
 *   interlinear annotations U+FFF9–U+FFFB, and the non-characters U+FFFE, U+FFFF.
 * Zero width joiner and non-joiner (U+200C, U+200D) stay: emoji and Persian or Indic words need them.
 */
const HIDDEN =
  /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** Whether the name holds a control, bidirectional or invisible character (see HIDDEN). */
export function hasHiddenCharacters(name: string): boolean {
  return HIDDEN.test(name);
}

/** The name without its control, bidirectional and invisible characters. */
export function withoutHiddenCharacters(name: string): string {
  return name.replace(HIDDEN_ALL, '');
}

/** NUL: no text field holds it (PostgreSQL's text cannot, and no keyboard types it). */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** A file's name holds no path separator ('/', '\') and no hidden character. */
export function isFileName(name: string): boolean {
  return !hasHiddenCharacters(name) && !name.includes('/') && !name.includes('\\');
}
