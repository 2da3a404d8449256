import { spawn } from 'node:child_process';
import { DefaultExiftoolArgs, ExifTool, exiftoolPath, type Tags } from 'exiftool-vendored';
import sharp from 'sharp';
import { MEMORY_LIMITS } from './memoryLimits';
import { withMemoryLimit } from './processes';

/**
 * One long-running exiftool for the whole app (starting Perl costs ~100 ms a file). It starts on
 * first use; closeExiftool() ends it on shutdown.
 */
let instance: ExifTool | null = null;

function exiftool(): ExifTool {
  instance ??= new ExifTool({
    maxProcs: 1,
    taskTimeoutMillis: 30_000,
    maxTasksPerProcess: 500,
    processFactory: startWithMemoryLimit,
  });
  return instance;
}

/**
 * exiftool-vendored's own way of starting exiftool (the script run by its shebang's Perl, LANG=C),
 * with the heap capped: past it Perl dies ("Out of memory!"), that task fails and the next one
 * starts a new exiftool.
 */
async function startWithMemoryLimit() {
  const [file, args] = withMemoryLimit(await exiftoolPath(), DefaultExiftoolArgs, MEMORY_LIMITS.exiftool);
  const home = process.env.EXIFTOOL_HOME;
  return spawn(file, args, {
    stdio: 'pipe',
    detached: false,
    env: { LANG: 'C', ...(home ? { EXIFTOOL_HOME: home } : {}) },
  });
}

export async function closeExiftool(): Promise<void> {
  const running = instance;
  instance = null;
  await running?.end();
}

/** Stops waiting when the job is aborted (the exiftool task itself ends at its own timeout). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () =>
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export interface RawFacts {
  /** The size of the picture the raw data makes (0 when the header does not say). */
  width: number;
  height: number;
  /** EXIF orientation, 1 when none. */
  orientation: number;
  /** Binary tags that may hold a JPEG, largest first. */
  previewTags: { tag: string; bytes: number }[];
}

/** Where cameras put their JPEGs (the full-size one, the screen one, the thumbnail). */
const PREVIEW_TAGS = ['JpgFromRaw', 'PreviewImage', 'OtherImage', 'ThumbnailImage'];
/** Stripped files keep stubs of a few dozen bytes in these tags. */
const MIN_PREVIEW_BYTES = 1024;

function binaryBytes(value: unknown): number {
  return typeof value === 'object' && value !== null && 'bytes' in value && typeof value.bytes === 'number'
    ? value.bytes
    : 0;
}

export async function readRawFacts(path: string, signal: AbortSignal): Promise<RawFacts> {
  const tags: Tags = await abortable(exiftool().read(path, { numericTags: ['Orientation'] }), signal);
  const fields = tags as Record<string, unknown>;
  const size = typeof fields.ImageSize === 'string' ? /^(\d+)x(\d+)$/.exec(fields.ImageSize) : null;
  const orientation = Number(fields.Orientation);
  return {
    width: size ? Number(size[1]) : Number(fields.ImageWidth) || 0,
    height: size ? Number(size[2]) : Number(fields.ImageHeight) || 0,
    orientation: orientation >= 1 && orientation <= 8 ? orientation : 1,
    previewTags: PREVIEW_TAGS.map((tag) => ({ tag, bytes: binaryBytes(fields[tag]) }))
      .filter(({ bytes }) => bytes >= MIN_PREVIEW_BYTES)
      .sort((a, b) => b.bytes - a.bytes),
  };
}

/** The largest embedded JPEG that decodes whole (a truncated RAW cuts its big preview short). */
export async function largestEmbeddedPreview(
  path: string,
  facts: RawFacts,
  signal: AbortSignal,
): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  for (const { tag } of facts.previewTags) {
    const jpeg = await abortable(exiftool().extractBinaryTagToBuffer(tag, path), signal).catch(() => null);
    if (!jpeg || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) continue;
    try {
      const { info } = await sharp(jpeg, { failOn: 'error' })
        .resize(64)
        .toBuffer({ resolveWithObject: true });
      const { width = info.width, height = info.height } = await sharp(jpeg).metadata();
      return { jpeg, width, height };
    } catch {
      // Cut short or not a JPEG: try the next one.
    }
  }
  return null;
}
