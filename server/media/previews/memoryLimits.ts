const MiB = 1024 * 1024;

/**
 * The heap each external converter may take, per process (runTool's memoryLimitBytes: RLIMIT_DATA
 * through prlimit). A converter past it fails that one round as 'too_large'; the server goes on.
 * Peaks measured on ../shared/corpus (the least RLIMIT_DATA each file still converts under): poppler
 * 16 MiB per 2048 px page, LibreOffice 40–84 MiB (162 MiB for a 20,000-row sheet of 756 pages),
 * ImageMagick 16 MiB for the CMYK PSD, dcraw_emu 82 MiB (a 6 MP NEF at full size), exiftool 64 MiB for the whole corpus in
 * one process. Each limit leaves room for files far larger than the corpus.
 */
export const MEMORY_LIMITS = {
  /** pdfinfo, pdftoppm, pdftotext: a page bitmap is 16 MiB; images embedded at full size need more. */
  poppler: 1024 * MiB,
  /** soffice, one conversion at a time. */
  libreOffice: 1024 * MiB,
  /** convert, of which a quarter is its pixel cache in memory (imageMagickLimits). */
  imageMagick: 1024 * MiB,
  /** dcraw_emu: LibRaw's own allocation cap is 2 GiB; a 150 MP RAW decoded at half size needs ~800 MiB. */
  libRaw: 2048 * MiB,
  /** The long-running exiftool (Perl), over all the files it reads before it is restarted. */
  exiftool: 512 * MiB,
} as const;

/**
 * ImageMagick's own resource limits, derived from its process limit. Its pixel cache stays under
 * them and spills to a disk file, or fails at once with "cache resources exhausted"; left to meet
 * the process limit instead, ImageMagick 6 can deadlock in its own error path (a failed allocation
 * while it holds its locale lock), so only the timeout would end it.
 */
export function imageMagickLimits(processLimitBytes: number): string[] {
  const memory = Math.floor(processLimitBytes / 4);
  return [
    ['-limit', 'memory', `${memory}B`],
    // Memory-mapped cache files are file-backed: outside RLIMIT_DATA.
    ['-limit', 'map', `${memory * 2}B`],
    ['-limit', 'disk', `${processLimitBytes * 4}B`],
    // Pixels held in memory, at 8 bytes a pixel (16-bit RGBA), before the cache goes to disk.
    ['-limit', 'area', String(Math.floor(memory / 8))],
  ].flat();
}
