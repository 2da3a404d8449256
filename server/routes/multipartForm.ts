import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PAYLOAD_TOO_LARGE } from '@common/api/errors';
import { AppError } from '../errors';
import { atMost, ByteCounter, type ByteAllowance } from './byteCounter';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

/** A file part as it arrives: its bytes can only be read through a ByteCounter. */
export interface FilePart {
  field: string;
  filename: string;
  /** Streams the file into `destination`, stopped past `allowance`; answers the bytes written. */
  saveTo(destination: Writable, allowance: ByteAllowance): Promise<number>;
  /** The whole file in memory: 413 past `maxBytes`. */
  toBuffer(maxBytes: number): Promise<Buffer>;
  /** Reads the file past without keeping it. */
  skip(): Promise<void>;
}

export interface PartLimits {
  files: number;
  fields: number;
  fieldSize: number;
  /** No file part is read past this many bytes (413). */
  fileSize: number;
}

export interface PartHandlers {
  field(name: string, value: string): void;
  file(part: FilePart): Promise<void>;
}

export const MALFORMED_MULTIPART = 'The request body is not a valid multipart form.';

/** The characters a text part of a form may have, unless its route reads longer ones. */
export const FORM_FIELD_MAX = 10_000;

export const fileTooLarge = () => new AppError(413, 'payload_too_large', PAYLOAD_TOO_LARGE);

/**
 * Reads a multipart body part by part, in order. Every multipart route reads its body here, so
 * every file's bytes are counted as they stream (not taken from Content-Length, which a chunked
 * body does not have), and a cut-off body, a missing boundary or any other broken form is one
 * answer everywhere: 400 in the error envelope, never a 500. A fault of the handler's own (a
 * full disk, a lost database) stays a fault.
 */
export async function readParts(
  request: FastifyRequest,
  limits: PartLimits,
  handlers: PartHandlers,
): Promise<void> {
  const faults = new WeakSet<object>();
  try {
    // One byte more than a file may have reaches its counter, which refuses it with its words.
    const options = { limits: { ...limits, fileSize: limits.fileSize + 1 } };
    for await (const part of request.parts(options)) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') handlers.field(part.fieldname, part.value);
        continue;
      }
      try {
        await handlers.file(filePart(part, limits.fileSize));
      } catch (error) {
        // A FilePart answers the body's faults as AppErrors: anything else is the handler's own.
        if (error instanceof Object && !(error instanceof AppError)) faults.add(error);
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof AppError || hasClientStatus(error)) throw error;
    if (error instanceof Object && faults.has(error)) throw error;
    throw malformed();
  }
}

/**
 * Reads a multipart form: text fields, and at most one file buffered up to `maxFileBytes` (413 past it).
 */
export async function readMultipartForm(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  await readParts(
    request,
    { files: 1, fields: 20, fieldSize: FORM_FIELD_MAX, fileSize: maxFileBytes },
    {
      field: (name, value) => (fields[name] = value),
      file: async (part) => {
        file = { field: part.field, filename: part.filename, data: await part.toBuffer(maxFileBytes) };
      },
    },
  );
  return { fields, file };
}

function filePart(part: MultipartFile, ceiling: number): FilePart {
  const within = (allowance: ByteAllowance): ByteAllowance => ({
    allowed: Math.min(allowance.allowed, ceiling),
    more: (needed) => (needed > ceiling ? Promise.reject(fileTooLarge()) : allowance.more(needed)),
  });
  return {
    field: part.fieldname,
    filename: part.filename,
    saveTo: async (destination, allowance) => {
      // The destination's failure (a full disk) is the server's; every other one is the body's.
      let failed: unknown;
      destination.once('error', (error) => (failed = error));
      const counter = new ByteCounter(within(allowance));
      await bodyFaults(pipeline(part.file, counter, destination), () => failed);
      return counter.bytes;
    },
    toBuffer: async (maxBytes) => {
      const chunks: Buffer[] = [];
      const counter = new ByteCounter(within(atMost(maxBytes, fileTooLarge)));
      await bodyFaults(
        pipeline(part.file, counter, async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) chunks.push(chunk);
        }),
      );
      return Buffer.concat(chunks);
    },
    skip: async () => {
      part.file.resume();
      await bodyFaults(finished(part.file));
    },
  };
}

/** Reading a part failed: the refusal as it is, the server's own failure as it is, else a broken body. */
async function bodyFaults(reading: Promise<unknown>, serverFault: () => unknown = () => undefined) {
  try {
    await reading;
  } catch (error) {
    if (error instanceof AppError || error === serverFault()) throw error;
    throw malformed();
  }
}

const malformed = () => new AppError(400, 'bad_request', MALFORMED_MULTIPART);

function hasClientStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}
