import { analyse } from 'chardet';
import iconv from 'iconv-lite';

export interface DecodedText {
  text: string;
  /** The character set the bytes were read as, as iconv-lite names it. */
  charset: string;
}

/** Single-byte code pages always weighed, besides chardet's guesses: the usual Windows ones. */
const ALWAYS_WEIGHED = ['windows-1252', 'windows-1251', 'windows-1250'];

/** Browsers read ISO-8859-1 as windows-1252 (WHATWG Encoding); so do we, for the € and quotes in 0x80–0x9F. */
const SUPERSETS: Record<string, string> = { 'iso-8859-1': 'windows-1252' };

/**
 * Reads user text in whatever character set it came in: a byte order mark first (UTF-8, UTF-16 LE
 * and BE), then UTF-16 without a mark, then strict UTF-8, then the single-byte code page whose
 * reading looks most like words. chardet alone is not enough: on a short Russian CSV in cp1251 it
 * ranks windows-1257 first (the bytes are equally valid there, the words are not).
 */
export function decodeText(bytes: Buffer): DecodedText {
  const bom = byteOrderMark(bytes);
  if (bom) return { text: iconv.decode(bytes.subarray(bom.length), bom.charset), charset: bom.charset };

  // Before UTF-8: ASCII in UTF-16 is valid UTF-8 too (a letter, a NUL byte, a letter…).
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return { text: iconv.decode(bytes, utf16), charset: utf16 };

  const utf8 = strictUtf8(bytes);
  if (utf8 !== null) return { text: utf8, charset: 'utf-8' };

  const charset = likeliestCodePage(bytes);
  return { text: iconv.decode(bytes, charset), charset };
}

function byteOrderMark(bytes: Buffer): { charset: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: 'utf-16be', length: 2 };
  return null;
}

/** The text if the bytes are valid UTF-8 (ASCII included); a sequence cut at the end is allowed. */
function strictUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return null;
  }
}

/** Mostly-Latin UTF-16 without a mark has a zero byte in every other position. */
function utf16WithoutMark(bytes: Buffer): 'utf-16le' | 'utf-16be' | null {
  const sample = bytes.subarray(0, 4096);
  const pairs = Math.floor(sample.length / 2);
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  if (oddZeros / pairs > 0.3 && evenZeros / pairs < 0.05) return 'utf-16le';
  if (evenZeros / pairs > 0.3 && oddZeros / pairs < 0.05) return 'utf-16be';
  return null;
}

function likeliestCodePage(bytes: Buffer): string {
  const sample = bytes.subarray(0, 64 * 1024);
  const guesses = analyse(sample).map((match) => match.name.toLowerCase());
  const candidates = [
    ...new Set([...guesses, ...ALWAYS_WEIGHED].map((name) => SUPERSETS[name] ?? name)),
  ].filter((name) => isSingleByte(name) && iconv.encodingExists(name));
  let best = 'windows-1252';
  let bestScore = -Infinity;
  for (const name of candidates) {
    const score = wordLikeness(iconv.decode(sample, name));
    if (score > bestScore) {
      best = name;
      bestScore = score;
    }
  }
  return best;
}

function isSingleByte(name: string): boolean {
  return /^(windows-125\d|iso-8859-\d+|koi8-[ru])$/.test(name);
}

/**
 * Latin-1 signs (¹ ³ ¿ £ …, not « ») glued to a letter: what cp1250 Polish read as cp1252 looks
 * like ("Za¿ó³æ"); real text rarely writes them there.
 */
const SYMBOL_TOUCHING_A_LETTER =
  /(?<=\p{L})[\u00A1-\u00AA\u00AC-\u00BA\u00BC-\u00BF]|[\u00A1-\u00AA\u00AC-\u00BA\u00BC-\u00BF](?=\p{L})/gu;

/**
 * How much a reading looks like words: letters of one script per word, in a plausible case
 * pattern, Latin words not made of accented letters only. A wrong code page turns Cyrillic into runs of accented Latin
 * letters (cp1251 read as cp1252: "Ìîñêâà"), Latin accents into a Cyrillic letter inside a Latin
 * word (cp1252 read as cp1251: "Cafй"), or swaps case (KOI8-R read as cp1251).
 */
export function wordLikeness(text: string): number {
  let score = 0;
  for (const char of text) {
    if (char === '\uFFFD' || /[\u0080-\u009F]/.test(char)) score -= 5;
  }
  score -= 2 * (text.match(SYMBOL_TOUCHING_A_LETTER) ?? []).length;
  for (const [word] of text.matchAll(/\p{L}+/gu)) {
    const letters = Array.from(word);
    const scripts = new Set(letters.map(scriptOf));
    const length = letters.length;
    if (scripts.size > 1) {
      score -= 2 * length;
      continue;
    }
    let wordScore = length;
    if (scripts.has('Latin') && length >= 2) {
      const accented = letters.filter((letter) => letter > '\u007f').length;
      if (accented === length) wordScore = -length;
    }
    if (!plausibleCase(word)) wordScore = -length;
    // On a tie (French read as cp1250 is "crčme", still one script), Western European wins.
    score += wordScore - 0.25 * letters.filter((letter) => /[\u0100-\u024F]/.test(letter)).length;
  }
  return score;
}

function scriptOf(letter: string): string {
  if (/\p{Script=Latin}/u.test(letter)) return 'Latin';
  if (/\p{Script=Cyrillic}/u.test(letter)) return 'Cyrillic';
  if (/\p{Script=Greek}/u.test(letter)) return 'Greek';
  if (/\p{Script=Hebrew}/u.test(letter)) return 'Hebrew';
  if (/\p{Script=Arabic}/u.test(letter)) return 'Arabic';
  return 'Other';
}

/** lower, UPPER or Capitalised (McDonald and iPhone lose a little, mojibake loses a lot). */
function plausibleCase(word: string): boolean {
  const rest = word.slice(1);
  return rest === rest.toLowerCase() || word === word.toUpperCase();
}
