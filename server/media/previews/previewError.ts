import {
  ToolMemoryLimitError,
  ToolMissingError,
  ToolOutputTooLargeError,
  ToolTimeoutError,
} from './processes';
import type { PreviewFailureCode, PreviewOutcome } from './types';

/** A converter's failure with the code and the sentence the round shows. */
export class PreviewError extends Error {
  constructor(
    readonly code: PreviewFailureCode,
    reason: string,
  ) {
    super(reason);
    this.name = 'PreviewError';
  }
}

export const REASONS = {
  tooLarge: 'This picture is too large to make a preview of.',
  unreadable: 'No preview could be made of this file: it may be damaged.',
  timeout: 'Making the preview took too long and was stopped.',
  aborted: 'Making the preview was stopped: it ran past the time allowed.',
  damaged: 'This file is damaged: only the part of the picture that could be read is shown.',
  memory: 'Making the preview needed more memory than allowed, so it was stopped.',
} as const;

/** sharp (libvips) errors as failure codes: its messages are the only thing it answers. */
export function previewErrorFromSharp(error: unknown): PreviewError {
  if (error instanceof PreviewError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (isAbort(error)) return new PreviewError('timeout', REASONS.aborted);
  if (/pixel limit|exceeds.*limit|too large|out of memory/i.test(message))
    return new PreviewError('too_large', REASONS.tooLarge);
  if (/^timeout/i.test(message)) return new PreviewError('timeout', REASONS.timeout);
  return new PreviewError('unreadable', REASONS.unreadable);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * Any error of an image converter as the outcome a round shows; `converter` names the tool a
 * missing binary belongs to ("ImageMagick").
 */
export function outcomeFromError(
  error: unknown,
  converter = 'The converter for this format',
): PreviewOutcome {
  const failure = (code: PreviewFailureCode, reason: string): PreviewOutcome => ({ ok: false, code, reason });
  if (error instanceof PreviewError) return failure(error.code, error.message);
  if (error instanceof ToolMissingError) {
    return failure(
      'converter_missing',
      `${converter} is not installed on this server, so this file has no preview.`,
    );
  }
  if (error instanceof ToolTimeoutError) {
    return failure('timeout', error.reason === 'timeout' ? REASONS.timeout : REASONS.aborted);
  }
  if (error instanceof ToolMemoryLimitError) return failure('too_large', REASONS.memory);
  if (error instanceof ToolOutputTooLargeError)
    return failure('too_large', 'This file is too large to make a preview of.');
  const { code, message } = previewErrorFromSharp(error);
  return failure(code, message);
}
