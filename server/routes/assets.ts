import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSET_TEXTS, assetRoundSchema, assetSchema } from '@common/api/assets';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { requireSession } from '../plugins/session';
import { assetActionRoutes, type AssetActionRouteDeps } from './assetActions';
import { idParams } from './auth';
import { multipartForm } from './multipartDoc';
import { FORM_FIELD_MAX, readParts } from './multipartForm';

export type AssetRouteDeps = Pick<
  AppContext,
  'assets' | 'assetUploads' | 'uploadPlaces' | 'config' | 'folders'
> &
  AssetActionRouteDeps;

const assetAnswer = envelope(assetSchema);

/** Assets and their rounds: read, upload by multipart, delete the latest round; and what members do to them. */
export function assetRoutes(ctx: AssetRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(assetActionRoutes(ctx));

    app.get(
      '/assets/:id',
      { schema: { tags: ['assets'], params: idParams, response: { 200: assetAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.assets.get(userId, request.params.id) };
      },
    );

    app.get(
      '/assets/:id/versions',
      {
        schema: {
          tags: ['assets'],
          description: 'The rounds of an asset, the first first.',
          params: idParams,
          response: { 200: envelope(z.array(assetRoundSchema)) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.assets.rounds(userId, request.params.id) };
      },
    );

    app.get(
      '/projects/:id/asset_versions',
      {
        schema: {
          tags: ['assets'],
          description: 'The rounds of the given assets of the project (`ids[]=`).',
          params: idParams,
          querystring: z.object({
            'ids[]': z.union([
              z.coerce.number().int().positive(),
              z.array(z.coerce.number().int().positive()).max(500),
            ]),
          }),
          response: { 200: envelope(z.array(assetRoundSchema)) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const raw = request.query['ids[]'];
        const ids = Array.isArray(raw) ? raw : [raw];
        return { response: await ctx.assets.projectRounds(userId, request.params.id, ids) };
      },
    );

    app.delete(
      '/assets/:id/versions/last',
      {
        schema: {
          tags: ['assets'],
          description: 'Only the latest round; the uploader of that round or the project owner.',
          params: idParams,
          response: { 200: envelope(assetSchema.extend({ message: z.string() })) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const asset = await ctx.assets.deleteLastRound(userId, request.params.id);
        return { response: { ...asset, message: ASSET_TEXTS.lastRoundDeleted } };
      },
    );

    app.post(
      '/assets/:id/versions/:versionId/previews',
      {
        schema: {
          tags: ['assets'],
          description: 'Makes the previews of a round whose previews failed again (its retry button).',
          params: z.object({
            id: z.coerce.number().int().positive(),
            versionId: z.coerce.number().int().positive(),
          }),
          response: { 202: envelope(assetRoundSchema) },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const { id, versionId } = request.params;
        return reply.status(202).send({ response: await ctx.assets.retryPreview(userId, id, versionId) });
      },
    );

    app.post(
      '/assets',
      {
        schema: {
          ...multipartForm({
            project_id: { text: FORM_FIELD_MAX },
            folder_id: { text: FORM_FIELD_MAX },
            file: { file: ctx.config.uploads.maxBytes },
          }),
          tags: ['assets'],
          description:
            'multipart: `project_id`, optional `folder_id`, then `file` (fields before the file, so that every check runs before a byte is stored).',
          response: { 201: assetAnswer },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const assetId = await receive(ctx, request, userId, null);
        return reply.status(201).send({ response: await ctx.assets.get(userId, assetId) });
      },
    );

    app.post(
      '/assets/:id/versions',
      {
        schema: {
          ...multipartForm({ file: { file: ctx.config.uploads.maxBytes } }),
          tags: ['assets'],
          description: 'multipart: exactly one `file`, the new round.',
          params: idParams,
          response: { 201: assetAnswer },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const asset = await ctx.assets.get(userId, request.params.id);
        await receive(ctx, request, userId, asset);
        return reply.status(201).send({ response: await ctx.assets.get(userId, asset.id) });
      },
    );
  };
}

/**
 * A multipart upload through the same service as tus: the checks, with the request's length (when
 * it has one) reserved as the file's size, then the file streamed to the uploads folder through a
 * byte counter that reserves more as more comes, so storage is never overfilled whatever the
 * headers say; then finished like a tus upload. A round takes exactly one file: a second one
 * refuses the whole call, before any asset is made.
 */
async function receive(
  ctx: AssetRouteDeps,
  request: FastifyRequest,
  userId: number,
  asset: { id: number; project_id: number } | null,
): Promise<number> {
  if (!request.isMultipart()) throw unreadable();
  const fields: Record<string, string> = {};
  let upload: { id: string; path: string; reserved: number } | undefined;
  let extraFile = false;
  try {
    await readParts(
      request,
      { files: 2, fields: 20, fieldSize: FORM_FIELD_MAX, fileSize: ctx.config.uploads.maxBytes },
      {
        field: (name, value) => (fields[name] = value.slice(0, 32)),
        file: async (part) => {
          if (upload) {
            extraFile = true;
            return part.skip();
          }
          upload = await begin(ctx, request, userId, asset, fields, part.filename);
          const { id, path, reserved } = upload;
          await mkdir(ctx.config.uploads.dir, { recursive: true });
          await part.saveTo(createWriteStream(path), {
            allowed: reserved,
            more: (needed) => ctx.assetUploads.reserveMore(id, needed),
          });
        },
      },
    );
  } catch (error) {
    if (upload) await drop(ctx, upload, 'The upload was interrupted.');
    throw error;
  }
  if (!upload) throw unreadable();
  if (extraFile) {
    await drop(ctx, upload, ASSET_TEXTS.roundOneFile);
    throw new AppError(422, 'invalid_record', ASSET_TEXTS.roundOneFile, { file: [ASSET_TEXTS.roundOneFile] });
  }
  try {
    return (await ctx.assetUploads.finish(upload.id, ctx.uploadPlaces.multipart.bytesOf(upload.id))).assetId;
  } catch (error) {
    // Not an answer about the file (the store or the database did not answer): the same request may
    // be sent again, so its name and room are let go now. When the database is away too, the sweep does it.
    if (!(error instanceof AppError))
      await ctx.assetUploads
        .release(upload.id, ctx.uploadPlaces.multipart.bytesOf(upload.id))
        .catch(() => undefined);
    throw error;
  }
}

/** Every check of an upload, and its reservation: the request's length, or nothing yet when it is chunked. */
async function begin(
  ctx: AssetRouteDeps,
  request: FastifyRequest,
  userId: number,
  asset: { id: number; project_id: number } | null,
  fields: Record<string, string>,
  fileName: string,
): Promise<{ id: string; path: string; reserved: number }> {
  const id = `mp${randomUUID().replaceAll('-', '')}`;
  const declared = Number(request.headers['content-length'] ?? 0);
  const reserved = Number.isSafeInteger(declared) && declared > 0 ? declared : 0;
  await ctx.assetUploads.begin(id, {
    userId,
    projectId: asset?.project_id ?? idField(fields.project_id),
    folderId: asset ? null : optionalIdField(fields.folder_id),
    assetId: asset?.id ?? null,
    fileName,
    sizeBytes: reserved,
  });
  return { id, path: join(ctx.config.uploads.dir, id), reserved };
}

async function drop(
  ctx: AssetRouteDeps,
  upload: { id: string; path: string },
  reason: string,
): Promise<void> {
  await rm(upload.path, { force: true });
  await ctx.assetUploads.abandon(upload.id, reason);
}

const unreadable = () =>
  new AppError(422, 'invalid_record', ASSET_TEXTS.unreadable, { file: [ASSET_TEXTS.unreadable] });

function idField(value: string | undefined): number {
  const id = optionalIdField(value);
  if (id === null)
    throw new AppError(422, 'invalid_record', 'project_id must not be empty.', {
      project_id: ['Project must not be empty.'],
    });
  return id;
}

function optionalIdField(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d{1,15}$/.test(value))
    throw new AppError(404, 'not_found', 'We could not find what you were looking for.');
  return Number(value);
}
