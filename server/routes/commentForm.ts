import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { COMMENT_FILE_MAX_BYTES, COMMENT_FILES_MAX } from '@common/api/comments';
import { fieldErrors } from '@common/validation';
import { invalidRecord } from '../errors';
import type { CommentUpload } from '../services/comments/commentFiles';
import { multipartForm } from './multipartDoc';
import { readParts } from './multipartForm';

/** A markup field of the largest markup the schema allows (200 shapes of 5,000 points are refused later). */
const FIELD_MAX_BYTES = 4 * 1024 * 1024;

/** The parts of a comment's form, for the OpenAPI document. */
export const COMMENT_FORM = multipartForm({
  asset_id: { text: FIELD_MAX_BYTES },
  parent_id: { text: FIELD_MAX_BYTES },
  text: { text: FIELD_MAX_BYTES },
  markup: { text: FIELD_MAX_BYTES },
  page: { text: FIELD_MAX_BYTES },
  global_comment: { text: FIELD_MAX_BYTES },
  files: { file: COMMENT_FILE_MAX_BYTES },
});

/**
 * The body of POST /comments and PATCH /comments/{id}: JSON, or multipart form data whose text
 * fields are the JSON body's (markup as JSON text, numbers and booleans as text; each `files`
 * text part one id of a file to keep, an empty one saying the list is given even when it keeps
 * none) and whose file parts named `files` are new attachments.
 * One more file than a comment may carry is read, so that the service refuses it with its own
 * words; past that the reader stops (413). Validated by `schema` either way: 422 with the
 * fields' messages.
 */
export async function readCommentBody<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
): Promise<{ body: z.output<T>; uploads: CommentUpload[] }> {
  if (!request.isMultipart()) return { body: parse(schema, request.body ?? {}), uploads: [] };
  const fields: Record<string, unknown> = {};
  const keptFiles: number[] = [];
  let keptGiven = false;
  const uploads: CommentUpload[] = [];
  await readParts(
    request,
    {
      files: COMMENT_FILES_MAX + 1,
      fields: 20,
      fieldSize: FIELD_MAX_BYTES,
      fileSize: COMMENT_FILE_MAX_BYTES,
    },
    {
      field: (name, value) => {
        if (name === 'files') {
          keptGiven = true;
          if (value !== '') keptFiles.push(Number(value));
        } else fields[name] = fromText(name, value);
      },
      file: async (part) => {
        if (part.field !== 'files') throw invalidRecord({ [part.field]: ['Unexpected file.'] });
        uploads.push({ filename: part.filename, data: await part.toBuffer(COMMENT_FILE_MAX_BYTES) });
      },
    },
  );
  if (keptGiven) fields.files = keptFiles;
  return { body: parse(schema, fields), uploads };
}

function fromText(name: string, value: string): unknown {
  if (name === 'markup') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw invalidRecord({ markup: ['Markup must be JSON.'] });
    }
  }
  if (name === 'asset_id' || name === 'parent_id' || name === 'page')
    return value === '' || value === 'null' ? null : Number(value);
  if (name === 'global_comment') return value === 'true' || value === '1';
  return value;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRecord(fieldErrors(result.error));
  return result.data;
}
