import { isText } from './textContent';

/**
 * What the first bytes of a file are, before its name is considered. A container family (TIFF,
 * ZIP, OLE2) says what it could tell from the head: fileType.ts weighs it against the extension.
 */
export type ContentKind =
  | {
      kind:
        'jpeg' | 'png' | 'gif' | 'psd' | 'psb' | 'crw' | 'pdf' | 'postscript' | 'indd' | 'text' | 'markup';
    }
  | { kind: 'tiff'; canonCr2: boolean }
  | { kind: 'ole2'; holds: 'word' | 'excel' | 'other' | 'unknown' }
  | { kind: 'zip'; holds: ZipHolds }
  | { kind: 'executable'; what: string }
  | { kind: 'other'; what: string | null };

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + expected.length && head.subarray(at, at + expected.length).equals(expected);
};

const INDESIGN_GUID = [
  0x06, 0x06, 0xed, 0xf5, 0xd8, 0x1d, 0x46, 0xe5, 0xbd, 0x31, 0xef, 0xe7, 0xfe, 0x74, 0xb7, 0x1d,
];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const MACH_O = [
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
];

/** Formats people upload by mistake, named so the refusal can say what the file is. */
const OTHER_FORMATS: { what: string; matches: (head: Buffer) => boolean }[] = [
  { what: 'a WebP image', matches: (h) => startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8) },
  { what: 'a BMP image', matches: (h) => startsWith(h, 'BM') && h.length > 14 && h.readUInt32LE(6) === 0 },
  { what: 'a HEIC/AVIF image or a video', matches: (h) => startsWith(h, 'ftyp', 4) },
  { what: 'a JPEG 2000 image', matches: (h) => startsWith(h, [0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20]) },
  {
    what: 'a JPEG XL image',
    matches: (h) => startsWith(h, [0xff, 0x0a]) || startsWith(h, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20]),
  },
  {
    what: 'a Panasonic or Olympus RAW file',
    matches: (h) => startsWith(h, 'IIU\0') || startsWith(h, 'IIRO') || startsWith(h, 'MMOR'),
  },
  { what: 'a gzip archive', matches: (h) => startsWith(h, [0x1f, 0x8b]) },
  { what: 'a 7-Zip archive', matches: (h) => startsWith(h, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { what: 'a RAR archive', matches: (h) => startsWith(h, 'Rar!\x1a\x07') },
  { what: 'a SQLite database', matches: (h) => startsWith(h, 'SQLite format 3\0') },
  {
    what: 'an audio or video file',
    matches: (h) =>
      startsWith(h, 'OggS') ||
      startsWith(h, 'ID3') ||
      startsWith(h, 'fLaC') ||
      (startsWith(h, 'RIFF') && (startsWith(h, 'WAVE', 8) || startsWith(h, 'AVI ', 8))),
  },
];

function tiffKind(head: Buffer): ContentKind | null {
  const littleEndian = startsWith(head, 'II*\0') || startsWith(head, 'II+\0');
  const bigEndian = startsWith(head, 'MM\0*') || startsWith(head, 'MM\0+');
  if (!littleEndian && !bigEndian) return null;
  return { kind: 'tiff', canonCr2: littleEndian && startsWith(head, 'CR', 8) };
}

function isExecutable(head: Buffer): string | null {
  // 'MZ' alone could start a text file; a DOS header has NUL bytes in its first 64.
  if (startsWith(head, 'MZ') && head.subarray(0, 64).includes(0)) return 'a Windows program';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'a Linux program';
  if (MACH_O.some((magic) => startsWith(head, magic))) return 'a macOS program';
  if (startsWith(head, '#!')) return 'a script';
  return null;
}

/** The part names of the local headers the head holds (a ZIP's first entries). */
export function zipEntryNames(head: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= head.length && head.readUInt32LE(at) === 0x04034b50) {
    const flags = head.readUInt16LE(at + 6);
    const compressedSize = head.readUInt32LE(at + 18);
    const nameLength = head.readUInt16LE(at + 26);
    const extraLength = head.readUInt16LE(at + 28);
    if (at + 30 + nameLength > head.length) break;
    names.push(head.subarray(at + 30, at + 30 + nameLength).toString('utf8'));
    // A streamed entry (sizes after the data) or a ZIP64 one cannot be stepped over from here.
    if ((flags & 0x08 && compressedSize === 0) || compressedSize === 0xffffffff) break;
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

export type ZipHolds = 'word' | 'excel' | 'ooxml' | 'other';

/**
 * What a ZIP holds, from its part names (OPC names are case-insensitive). With `complete` names
 * (its central directory) a Word or Excel package needs its [Content_Types].xml; from the first
 * local headers only, a package whose parts come later is 'ooxml', left to the name to tell.
 */
export function zipHolds(partNames: readonly string[], complete: boolean): ZipHolds {
  const names = partNames.map((name) => name.toLowerCase());
  const isPackage = names.includes('[content_types].xml');
  if (complete && !isPackage) return 'other';
  if (names.some((name) => name.startsWith('word/'))) return 'word';
  if (names.some((name) => name.startsWith('xl/'))) return 'excel';
  if (complete || names.some((name) => name.startsWith('ppt/'))) return 'other';
  return isPackage ? 'ooxml' : 'other';
}

/** The streams an OLE2 compound file names in its directory, when the head reaches it. */
function ole2Holds(head: Buffer): 'word' | 'excel' | 'other' | 'unknown' {
  const has = (name: string) => head.includes(Buffer.from(name, 'utf16le'));
  if (has('WordDocument')) return 'word';
  if (has('Workbook') || has('Book\0')) return 'excel';
  // The directory may run past the head, so only a stream that says "not Word or Excel" counts.
  if (has('PowerPoint Document') || has('VisioDocument')) return 'other';
  return 'unknown';
}

export function detectContentKind(head: Buffer): ContentKind {
  const executable = isExecutable(head);
  if (executable) return { kind: 'executable', what: executable };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png' };
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return { kind: 'gif' };
  if (startsWith(head, 'II') && startsWith(head, 'HEAPCCDR', 6)) return { kind: 'crw' };
  const tiff = tiffKind(head);
  if (tiff) return tiff;
  if (startsWith(head, '8BPS\0\x01')) return { kind: 'psd' };
  if (startsWith(head, '8BPS\0\x02')) return { kind: 'psb' };
  if (head.subarray(0, 1024).includes('%PDF-')) return { kind: 'pdf' };
  if (startsWith(head, '%!PS-Adobe')) return { kind: 'postscript' };
  if (startsWith(head, INDESIGN_GUID)) return { kind: 'indd' };
  if (startsWith(head, OLE2)) return { kind: 'ole2', holds: ole2Holds(head) };
  if (startsWith(head, 'PK\x03\x04')) return { kind: 'zip', holds: zipHolds(zipEntryNames(head), false) };
  if (startsWith(head, 'PK\x05\x06')) return { kind: 'zip', holds: 'other' };
  const other = OTHER_FORMATS.find((format) => format.matches(head));
  if (other) return { kind: 'other', what: other.what };
  const text = isText(head);
  if (text === 'markup') return { kind: 'markup' };
  if (text === 'text') return { kind: 'text' };
  return { kind: 'other', what: null };
}
