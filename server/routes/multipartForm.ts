import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export const MALFORMED_MULTIPART = 'The request body is not a valid multipart form.';

/**
 * Reads a multipart form: text fields, and at most one file buffered up to `maxFileBytes` (413 past it).
 * Every multipart route reads its body here, so a cut-off body, a missing boundary or any other
 * broken form is one answer everywhere: 400 in the error envelope, never a 500.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxFileBytes, files: 1, fields: 20, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        file = { field: part.fieldname, filename: part.filename, data: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The plugin's own refusals (file too large, too many parts) carry their status; the parser's
    // complaints about the body's shape carry none.
    if (error instanceof AppError || hasClientStatus(error)) throw error;
    throw new AppError(400, 'bad_request', MALFORMED_MULTIPART);
  }
  return { fields, file };
}

function hasClientStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}
