import { Readable, Transform, pipeline } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';

/**
 * A zip archive written as it is read (PKWARE APPNOTE 6.3): each file is opened when its turn
 * comes, its bytes go out as they are read, and its CRC and sizes follow it in a data descriptor,
 * so nothing is held but the central directory's few bytes per entry. Stored (method 0) or
 * deflated (method 8) per entry; names in UTF-8 (flag bit 11); ZIP64 records for entries and
 * archives past 4 GiB. When the reader stops (the client went away), the open file is closed and
 * no further file is opened.
 */

export interface ZipFile {
  /** A safe path inside the archive (zipEntryNames.ts). */
  name: string;
  modified: Date;
  /** zlib level 1–9 to deflate; 0 stores the bytes as they are (already compressed formats). */
  level: number;
  /** The file's bytes and their length, or null when it is gone (it is then left out). */
  open(): Promise<{ body: Readable; size: number } | null>;
}

export interface ZipDirectory {
  /** Ends with '/'. */
  name: string;
  modified: Date;
}

export type ZipEntry = ZipFile | ZipDirectory;

export interface ZipOptions {
  /** Writes the ZIP64 records even for a small archive (tests of that path). */
  forceZip64?: boolean;
}

const UINT32_MAX = 0xffffffff;
const UINT16_MAX = 0xffff;
/** An entry this large may end past 4 GiB (deflate can grow incompressible data a little): ZIP64. */
const ZIP64_ENTRY_SIZE = 0xf0000000;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
/** Made by: UNIX (3), so the external attributes carry permissions; spec version 4.5. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const DIRECTORY_ATTRIBUTES = ((0o40755 << 16) | 0x10) >>> 0;
const EXTENDED_TIMESTAMP = 0x5455;

interface CentralRecord {
  name: Buffer;
  flags: number;
  method: number;
  modified: Date;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  zip64: boolean;
  attributes: number;
}

export function isZipFile(entry: ZipEntry): entry is ZipFile {
  return 'open' in entry;
}

/** The archive of `entries`, in their order, as a byte stream. */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, options: ZipOptions = {}) {
  return Readable.from(zipChunks(entries, options), { objectMode: false, highWaterMark: 1 << 20 });
}

async function* zipChunks(
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
  { forceZip64 = false }: ZipOptions,
): AsyncGenerator<Buffer> {
  const central: CentralRecord[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    if (!isZipFile(entry)) {
      const record: CentralRecord = {
        name,
        flags: FLAG_UTF8,
        method: 0,
        modified: entry.modified,
        crc: 0,
        compressed: 0,
        size: 0,
        offset,
        zip64: forceZip64 || offset >= UINT32_MAX,
        attributes: DIRECTORY_ATTRIBUTES,
      };
      const header = localHeader(record);
      central.push(record);
      offset += header.length;
      yield header;
      continue;
    }
    const opened = await entry.open();
    if (!opened) continue;
    const record: CentralRecord = {
      name,
      flags: FLAG_UTF8 | FLAG_DATA_DESCRIPTOR,
      method: entry.level > 0 ? 8 : 0,
      modified: entry.modified,
      crc: 0,
      compressed: 0,
      size: 0,
      offset,
      zip64: forceZip64 || offset >= UINT32_MAX || opened.size >= ZIP64_ENTRY_SIZE,
      attributes: FILE_ATTRIBUTES,
    };
    const header = localHeader(record);
    offset += header.length;
    try {
      yield header;
      for await (const chunk of entryData(opened.body, entry.level, record)) {
        offset += chunk.length;
        yield chunk;
      }
    } finally {
      // The reader may go away at any yield, the header's included: the file is let go all the same.
      opened.body.destroy();
    }
    if (!record.zip64 && (record.size > UINT32_MAX || record.compressed > UINT32_MAX))
      throw new Error(`${entry.name} grew past 4 GiB while it was read`);
    const descriptor = dataDescriptor(record);
    offset += descriptor.length;
    yield descriptor;
    central.push(record);
  }

  const directoryStart = offset;
  for (const record of central) {
    const header = centralHeader(record);
    offset += header.length;
    yield header;
  }
  yield endOfArchive(central, directoryStart, offset - directoryStart, forceZip64);
}

/** The entry's bytes, stored or deflated, counting its CRC and sizes into `record`. */
async function* entryData(body: Readable, level: number, record: CentralRecord): AsyncGenerator<Buffer> {
  if (level === 0) {
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        record.crc = crc32(chunk, record.crc);
        record.size += chunk.length;
        record.compressed += chunk.length;
        yield chunk;
      }
    } finally {
      body.destroy();
    }
    return;
  }
  const tally = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      record.crc = crc32(chunk, record.crc);
      record.size += chunk.length;
      done(null, chunk);
    },
  });
  const deflated = createDeflateRaw({ level });
  // Errors reach the loop below through `deflated`; leaving the loop early destroys all three.
  pipeline(body, tally, deflated, () => {});
  for await (const chunk of deflated as AsyncIterable<Buffer>) {
    record.compressed += chunk.length;
    yield chunk;
  }
}

function localHeader(r: CentralRecord): Buffer {
  const extra = Buffer.concat([r.zip64 ? localZip64Extra() : Buffer.alloc(0), extendedTimestamp(r.modified)]);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(r.zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
  header.writeUInt16LE(r.flags, 6);
  header.writeUInt16LE(r.method, 8);
  writeDosTime(header, 10, r.modified);
  // CRC and sizes follow the data (flag bit 3); a ZIP64 entry says so here, as readers that stream
  // expect, so that they read its data descriptor's sizes as 8-byte fields.
  if (r.zip64) {
    header.writeUInt32LE(UINT32_MAX, 18);
    header.writeUInt32LE(UINT32_MAX, 22);
  }
  header.writeUInt16LE(r.name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, r.name, extra]);
}

/** The local header's ZIP64 field: both sizes, 0 until the data descriptor gives them. */
function localZip64Extra(): Buffer {
  const extra = Buffer.alloc(20);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(16, 2);
  return extra;
}

function dataDescriptor(r: CentralRecord): Buffer {
  if (!r.zip64) {
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(r.crc >>> 0, 4);
    d.writeUInt32LE(r.compressed, 8);
    d.writeUInt32LE(r.size, 12);
    return d;
  }
  const d = Buffer.alloc(24);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(r.crc >>> 0, 4);
  d.writeBigUInt64LE(BigInt(r.compressed), 8);
  d.writeBigUInt64LE(BigInt(r.size), 16);
  return d;
}

function centralHeader(r: CentralRecord): Buffer {
  const zip64 = r.zip64 ? zip64Extra(r) : Buffer.alloc(0);
  const extra = Buffer.concat([zip64, extendedTimestamp(r.modified)]);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY, 4);
  header.writeUInt16LE(r.zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 6);
  header.writeUInt16LE(r.flags, 8);
  header.writeUInt16LE(r.method, 10);
  writeDosTime(header, 12, r.modified);
  header.writeUInt32LE(r.crc >>> 0, 16);
  header.writeUInt32LE(r.zip64 ? UINT32_MAX : r.compressed, 20);
  header.writeUInt32LE(r.zip64 ? UINT32_MAX : r.size, 24);
  header.writeUInt16LE(r.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // Comment length, disk number and internal attributes (32–37) stay 0.
  header.writeUInt32LE(r.attributes, 38);
  header.writeUInt32LE(r.zip64 ? UINT32_MAX : r.offset, 42);
  return Buffer.concat([header, r.name, extra]);
}

/** The ZIP64 extended information: the three fields the header marks 0xFFFFFFFF, in order. */
function zip64Extra(r: CentralRecord): Buffer {
  const extra = Buffer.alloc(28);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(r.size), 4);
  extra.writeBigUInt64LE(BigInt(r.compressed), 12);
  extra.writeBigUInt64LE(BigInt(r.offset), 20);
  return extra;
}

/** The modification time in UTC seconds ('UT' extra field): DOS times have no time zone. */
function extendedTimestamp(modified: Date): Buffer {
  const extra = Buffer.alloc(9);
  extra.writeUInt16LE(EXTENDED_TIMESTAMP, 0);
  extra.writeUInt16LE(5, 2);
  extra.writeUInt8(1, 4);
  extra.writeUInt32LE(Math.max(0, Math.min(UINT32_MAX, Math.floor(modified.getTime() / 1000))), 5);
  return extra;
}

function endOfArchive(central: CentralRecord[], start: number, size: number, force: boolean): Buffer {
  const count = central.length;
  const zip64 =
    force || count >= UINT16_MAX || start >= UINT32_MAX || size >= UINT32_MAX || central.some((r) => r.zip64);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? UINT16_MAX : count, 8);
  end.writeUInt16LE(zip64 ? UINT16_MAX : count, 10);
  end.writeUInt32LE(zip64 ? UINT32_MAX : size, 12);
  end.writeUInt32LE(zip64 ? UINT32_MAX : start, 16);
  if (!zip64) return end;

  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(start + size), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

/** MS-DOS date and time (2-second steps, from 1980), in UTC. */
function writeDosTime(buffer: Buffer, at: number, date: Date): void {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  const time =
    (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  buffer.writeUInt16LE(time, at);
  buffer.writeUInt16LE(day, at + 2);
}
