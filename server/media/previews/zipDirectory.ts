import type { ByteSource } from './byteSource';

/**
 * The part names a ZIP's central directory lists (PKWARE APPNOTE 6.3, sections 4.3.12–4.3.16),
 * read from the file's end as every ZIP reader does: the local headers at its start cannot be
 * walked past an entry streamed with its sizes after the data (flag bit 3, as LibreOffice and
 * streaming writers write them). Reads are bounded: the end record within the last 64 KiB (its
 * comment's most) and at most DIRECTORY_MAX_BYTES of directory, at most ENTRIES_MAX names.
 */
export interface ZipListing {
  names: string[];
  /** Every entry the directory holds was read (none past the caps, none cut). */
  complete: boolean;
}

/** Where the central directory lies, from the end of central directory record (ZIP64 when there is one). */
interface DirectoryEnd {
  /** Where the directory starts: right before the end records, whatever offset they give. */
  start: number;
  size: number;
  entries: number;
}

const END_SIGNATURE = 0x06054b50;
const END_BYTES = 22;
const COMMENT_MAX = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_END_BYTES = 56;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_BYTES = 46;
/** What the end of a ZIP is searched in: its end records and the longest comment. */
export const ZIP_TAIL_BYTES = END_BYTES + COMMENT_MAX + ZIP64_LOCATOR_BYTES + ZIP64_END_BYTES;
/** An Office document's directory is a few KiB; a mebibyte holds some ten thousand names. */
export const DIRECTORY_MAX_BYTES = 1024 * 1024;
export const ENTRIES_MAX = 10_000;

/**
 * The central directory's place, from `tail` (the file's last bytes, from `tailStart` on): the
 * end record, and the ZIP64 end record when a locator stands before it. The directory is taken to end where those records begin, as unzip and Go's archive/zip read
 * it: a writer streaming to a pipe may give no offset (0xffffffff), and bytes put before the ZIP
 * shift every offset. Null when there is no end record or the directory would start before the file.
 */
export function findDirectory(tail: Buffer, tailStart: number): DirectoryEnd | null {
  const at = endRecordAt(tail);
  if (at === null) return null;
  const end = zip64End(tail, at) ?? {
    recordsAt: at,
    entries: tail.readUInt16LE(at + 10),
    size: tail.readUInt32LE(at + 12),
  };
  const start = tailStart + end.recordsAt - end.size;
  return start >= 0 ? { start, size: end.size, entries: end.entries } : null;
}

/**
 * The end record: the last one whose comment ends the file, so that a comment holding the
 * signature is not taken for it; else the last whose comment fits (bytes were added after it).
 */
function endRecordAt(tail: Buffer): number | null {
  let fits: number | null = null;
  for (let at = tail.length - END_BYTES; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== END_SIGNATURE) continue;
    const ends = at + END_BYTES + tail.readUInt16LE(at + 20);
    if (ends === tail.length) return at;
    if (ends < tail.length) fits ??= at;
  }
  return fits;
}

/** The ZIP64 end record, when a locator stands just before the end record at `at` and it is in the tail. */
function zip64End(tail: Buffer, at: number): { recordsAt: number; entries: number; size: number } | null {
  const locator = at - ZIP64_LOCATOR_BYTES;
  if (locator < ZIP64_END_BYTES || tail.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) return null;
  // The record's own offset is not trusted (see findDirectory): it stands right before the locator.
  const record = locator - ZIP64_END_BYTES;
  if (tail.readUInt32LE(record) !== ZIP64_END_SIGNATURE) return null;
  const entries = Number(tail.readBigUInt64LE(record + 32));
  const size = Number(tail.readBigUInt64LE(record + 40));
  return Number.isSafeInteger(entries + size) ? { recordsAt: record, entries, size } : null;
}

/** The names of the directory entries `directory` holds whole, at most ENTRIES_MAX of them. */
export function directoryNames(directory: Buffer, end: DirectoryEnd): ZipListing {
  const names: string[] = [];
  let at = 0;
  while (names.length < Math.min(end.entries, ENTRIES_MAX) && at + ENTRY_BYTES <= directory.length) {
    if (directory.readUInt32LE(at) !== ENTRY_SIGNATURE) break;
    const nameLength = directory.readUInt16LE(at + 28);
    const next =
      at + ENTRY_BYTES + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    if (next > directory.length) break;
    names.push(directory.toString('utf8', at + ENTRY_BYTES, at + ENTRY_BYTES + nameLength));
    at = next;
  }
  return { names, complete: names.length === end.entries };
}

/** The listing of a ZIP held in memory, or null when its end records are missing or wrong. */
export function zipListingIn(data: Buffer): ZipListing | null {
  const tailStart = Math.max(0, data.length - ZIP_TAIL_BYTES);
  const end = findDirectory(data.subarray(tailStart), tailStart);
  if (!end) return null;
  return directoryNames(data.subarray(end.start, end.start + Math.min(end.size, DIRECTORY_MAX_BYTES)), end);
}

/** The listing of a ZIP read where it lies, in two bounded reads. */
export async function zipListingOf(source: ByteSource): Promise<ZipListing | null> {
  const tailStart = Math.max(0, source.size - ZIP_TAIL_BYTES);
  const end = findDirectory(await source.read(tailStart, source.size - tailStart), tailStart);
  if (!end) return null;
  return directoryNames(await source.read(end.start, Math.min(end.size, DIRECTORY_MAX_BYTES)), end);
}
