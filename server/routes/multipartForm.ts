import type { FastifyRequest } from 'fastify';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

/** Reads a multipart form: text fields, and at most one file buffered up to `maxFileBytes` (413 past it). */
export async function readMultipartForm(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  for await (const part of request.parts({
    limits: { fileSize: maxFileBytes, files: 1, fields: 20, fieldSize: 10_000 },
  })) {
    if (part.type === 'file') {
      file = { field: part.fieldname, filename: part.filename, data: await part.toBuffer() };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
