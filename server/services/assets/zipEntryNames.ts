/**
 * Names inside a zip, made from names users typed (asset and folder names): each one a single
 * path segment that unpacks where it should on Linux, macOS and Windows, with its letters kept
 * (Unicode, NFC, flagged as UTF-8 in the archive).
 */

/** Control characters (C0, DEL, C1) and the characters Windows refuses in a file name. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f<>:"|?*]/g;
const SEPARATORS = /[/\\]/g;
/** Device names Windows will not create, with or without an extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
/** File systems count a name's length in bytes (255 on ext4, APFS); a little is left for ' (99)'. */
const MAX_SEGMENT_BYTES = 240;

/**
 * One safe path segment: no separators (a name can never climb out with `..` or start at `/`),
 * no control or Windows-reserved characters, no trailing dots or spaces, never empty or a dot name.
 */
export function safeSegment(name: string, fallback = 'file'): string {
  let safe = name.normalize('NFC').replace(SEPARATORS, '_').replace(UNSAFE, '_').trim();
  safe = safe.replace(/[. ]+$/, '');
  if (safe === '' || /^\.+$/.test(safe)) safe = fallback;
  if (WINDOWS_DEVICE.test(safe)) safe = `_${safe}`;
  return truncateBytes(safe, MAX_SEGMENT_BYTES);
}

/** Splits at the last dot that is not the first character: 'a.tar.gz' → ['a.tar', '.gz']. */
export function splitExtension(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/** Cuts the stem, never the extension, until the name fits in `maxBytes` of UTF-8. */
function truncateBytes(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name) <= maxBytes) return name;
  const [stem, extension] = splitExtension(name);
  const room = Math.max(1, maxBytes - Buffer.byteLength(extension));
  let cut = '';
  for (const char of stem) {
    if (Buffer.byteLength(cut + char) > room) break;
    cut += char;
  }
  return `${cut}${extension}`;
}

/**
 * Hands out unique entry paths in one archive: a second 'hero.jpg' in the same folder becomes
 * 'hero (2).jpg', then 'hero (3).jpg'. Names are compared as the file systems people unpack on do
 * (regardless of case), and a file never takes the name of a folder of the same level.
 */
export class ZipEntryNames {
  private readonly taken = new Set<string>();

  /** A folder's path, ending with '/'; `folder` is a user's folder name. */
  directory(folder: string): string {
    return `${this.claim('', safeSegment(folder, 'folder'))}/`;
  }

  /** A file's path inside `directory` ('' for the archive's root, else what `directory` answered). */
  file(name: string, directory = ''): string {
    return `${directory}${this.claim(directory, safeSegment(name))}`;
  }

  private claim(directory: string, segment: string): string {
    const [stem, extension] = splitExtension(segment);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? segment : `${stem} (${n})${extension}`;
      const key = `${directory}${candidate}`.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}
