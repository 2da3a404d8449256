import { outcomeFromError } from './previewError';
import { renditionsFromImage } from './renditions';
import type { PreviewInput, PreviewOutcome } from './types';
import { largestDecodableImage, readXmpPreviews } from './xmpThumbnails';

const NO_PREVIEW = 'This InDesign file has no embedded preview.';

/**
 * InDesign documents cannot be drawn without InDesign; what can be shown is the page preview
 * InDesign embeds in the XMP when "Always Save Preview Images with Documents" is on.
 */
export async function renderIndd(input: PreviewInput): Promise<PreviewOutcome> {
  try {
    const { images, pageCount } = await readXmpPreviews(input.path, input.signal);
    const image = await largestDecodableImage(images);
    if (!image) return { ok: false, code: 'unreadable', reason: NO_PREVIEW };
    const renditions = await renditionsFromImage(image, {
      workDir: input.workDir,
      pageCount: pageCount ?? 1,
      signal: input.signal,
    });
    return { ok: true, renditions };
  } catch (error) {
    return outcomeFromError(error);
  }
}
