import sharp from 'sharp';
import { largestEmbeddedPreview, readRawFacts } from './exiftool';
import { MEMORY_LIMITS } from './memoryLimits';
import { runTool, ToolMemoryLimitError } from './processes';
import { outcomeFromError, PreviewError } from './previewError';
import { renditionsFromImage } from './renditions';
import type { PreviewInput, PreviewOutcome } from './types';

const DCRAW_TIMEOUT_MS = 120_000;
/** A decode of 60 MP at 8 bits on 3 samples; half-size decodes stay well under. */
const DCRAW_MAX_OUTPUT = 400 * 1024 * 1024;
/** An embedded preview this small is replaced by a full decode when LibRaw can make one. */
const SMALL_PREVIEW_SIDE = 1024;
/** A RAW longer than this is decoded at half size: the preview is 2048 px anyway. */
const HALF_SIZE_OVER_SIDE = 4096;

const REASONS = {
  noPreview:
    'This RAW file holds no picture that can be shown: no embedded preview, and its raw data could not be decoded.',
  smallPreview: 'This RAW file could not be decoded: only the small preview embedded in it is shown.',
};

/**
 * Camera RAW (DNG, CR2, CRW, NEF, ARW): the largest JPEG preview the camera embedded, turned the
 * way the RAW says. When there is none, or only a thumbnail, LibRaw decodes the raw data; its
 * result is checked, since dcraw_emu exits 0 and writes a blank frame when the data is missing.
 */
export async function renderRaw(input: PreviewInput): Promise<PreviewOutcome> {
  try {
    const facts = await readRawFacts(input.path, input.signal);
    const preview = await largestEmbeddedPreview(input.path, facts, input.signal);
    const rawSide = Math.max(facts.width, facts.height);
    const previewSide = preview ? Math.max(preview.width, preview.height) : 0;
    if (preview && (previewSide >= SMALL_PREVIEW_SIDE || (rawSide > 0 && previewSide * 2 >= rawSide))) {
      return await fromPreview(input, preview.jpeg, facts.orientation);
    }
    const decoded = await decodeWithLibRaw(input, rawSide).catch((error: unknown) => {
      const undecodable =
        (error instanceof PreviewError && error.code === 'unreadable') ||
        error instanceof ToolMemoryLimitError;
      if (preview && undecodable) return null;
      throw error;
    });
    if (decoded) {
      const renditions = await renditionsFromImage(decoded, {
        workDir: input.workDir,
        signal: input.signal,
        orientation: 1,
      });
      return { ok: true, renditions };
    }
    const outcome = await fromPreview(input, preview!.jpeg, facts.orientation);
    return outcome.ok
      ? { ok: true, renditions: { ...outcome.renditions, damaged: REASONS.smallPreview } }
      : outcome;
  } catch (error) {
    return outcomeFromError(error, 'LibRaw (dcraw_emu)');
  }
}

async function fromPreview(input: PreviewInput, jpeg: Buffer, orientation: number): Promise<PreviewOutcome> {
  const renditions = await renditionsFromImage(jpeg, {
    workDir: input.workDir,
    signal: input.signal,
    orientation,
  });
  return { ok: true, renditions };
}

/**
 * LibRaw's decode as a TIFF (sRGB, camera white balance, already turned by LibRaw), or
 * PreviewError('unreadable') when it failed, whatever its exit code says.
 */
async function decodeWithLibRaw(input: PreviewInput, rawSide: number): Promise<Buffer> {
  const args = ['-T', '-w', ...(rawSide > HALF_SIZE_OVER_SIDE ? ['-h'] : []), '-Z', '-', input.path];
  const { stdout, stderr } = await runTool('dcraw_emu', args, {
    signal: input.signal,
    timeoutMs: DCRAW_TIMEOUT_MS,
    maxOutputBytes: DCRAW_MAX_OUTPUT,
    memoryLimitBytes: MEMORY_LIMITS.libRaw,
    cwd: input.workDir,
  });
  if (stdout.length === 0 || /cannot|corrupt|unsupported|error/i.test(stderr) || (await isBlank(stdout))) {
    throw new PreviewError('unreadable', REASONS.noPreview);
  }
  return stdout;
}

/** One flat colour (LibRaw's frame for missing data is near-white): not a picture. */
async function isBlank(tiff: Buffer): Promise<boolean> {
  try {
    const { channels } = await sharp(tiff).resize(256, 256, { fit: 'inside' }).stats();
    return channels.every((channel) => channel.stdev < 2);
  } catch {
    return true;
  }
}
