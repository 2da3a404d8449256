import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
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

export type AssetRouteDeps = Pick<
  AppContext,
  'assets' | 'assetUploads' | 'config' | 'folders' | 'projectAccess'
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
        const view = await ctx.projectAccess.forUser(request.params.id, userId);
        return { response: await ctx.assets.projectRounds(view, Array.isArray(raw) ? raw : [raw]) };
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
 * A multipart upload through the same service as tus: the checks with the request's length as the
 * declared size, the file streamed to the uploads folder, then finished like a tus upload.
 */
async function receive(
  ctx: AssetRouteDeps,
  request: FastifyRequest,
  userId: number,
  asset: { id: number; project_id: number } | null,
): Promise<number> {
  if (!request.isMultipart())
    throw new AppError(422, 'invalid_record', ASSET_TEXTS.unreadable, { file: [ASSET_TEXTS.unreadable] });
  const parts = request.parts({ limits: { fileSize: ctx.config.uploads.maxBytes, files: 2 } });
  const fields: Record<string, string> = {};
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value).slice(0, 32);
      continue;
    }
    const id = `mp${randomUUID().replaceAll('-', '')}`;
    const declared = Number(request.headers['content-length'] ?? 0);
    await ctx.assetUploads.begin(id, {
      userId,
      projectId: asset?.project_id ?? idField(fields.project_id),
      folderId: asset ? null : optionalIdField(fields.folder_id),
      assetId: asset?.id ?? null,
      fileName: part.filename,
      sizeBytes: Number.isSafeInteger(declared) ? declared : 0,
    });
    const dir = ctx.config.uploads.dir;
    await mkdir(dir, { recursive: true });
    const path = join(dir, id);
    try {
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new AppError(413, 'payload_too_large', 'The file is too large.');
    } catch (error) {
      await rm(path, { force: true });
      await ctx.assetUploads.abandon(id, 'The upload was interrupted.');
      throw error;
    }
    // A round takes exactly one file: a second one refuses the whole call, before any asset is made.
    for await (const rest of parts) {
      if (rest.type !== 'file') continue;
      rest.file.resume();
      await rm(path, { force: true });
      await ctx.assetUploads.abandon(id, ASSET_TEXTS.roundOneFile);
      throw new AppError(422, 'invalid_record', ASSET_TEXTS.roundOneFile, {
        file: [ASSET_TEXTS.roundOneFile],
      });
    }
    const outcome = await ctx.assetUploads.finish(id, path);
    return outcome.assetId;
  }
  throw new AppError(422, 'invalid_record', ASSET_TEXTS.unreadable, { file: [ASSET_TEXTS.unreadable] });
}

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
