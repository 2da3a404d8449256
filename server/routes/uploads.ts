import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Server, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadResultSchema, type UploadResult } from '@common/api/assets';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import type { AssetUploadRow } from '../db/repositories/assetUploads';
import { AppError } from '../errors';
import { errorBody } from '../plugins/errorHandler';
import { requireSession } from '../plugins/session';

export type UploadRouteDeps = Pick<
  AppContext,
  'assetUploads' | 'uploadRevocation' | 'uploadPlaces' | 'uploadLocker' | 'config' | 'log'
>;

export const TUS_PATH = '/api/v1/uploads';

/** The signed-in uploader of each request tus handles (its hooks see only the request). */
const uploaders = new WeakMap<IncomingMessage, number>();

/**
 * Resumable uploads over tus 1.0 (core, creation, termination, expiration) at /api/v1/uploads
 * (API.md). Creation runs every check of POST /assets before a byte is stored (4xx with the error
 * envelope); the last PATCH answers once the asset and its round exist, with their ids in
 * `Upload-Asset-Id` and `Upload-Version-Id`. Only the uploader may resume, read or cancel an upload,
 * and each PATCH is refused (and the upload ended) once they may no longer upload into the project.
 */
export function uploadRoutes(ctx: UploadRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tus = createTusServer(ctx);
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const { userId } = requireSession(request);
      uploaders.set(request.raw, userId);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    // Each PATCH is part of one file: the coarse per-address limit would cut a large upload short.
    const options = { schema: { hide: true }, config: { rateLimit: false } } as const;
    app.route({ method: ['POST', 'OPTIONS'], url: '/uploads', ...options, handler: handle });
    app.route({
      method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/uploads/:id',
      ...options,
      handler: handle,
    });

    app.get(
      '/uploads/:id/result',
      {
        schema: {
          tags: ['assets'],
          description: 'What a tus upload became: the asset and round once it is stored, or why it failed.',
          params: z.object({ id: z.string().max(64) }),
          response: { 200: envelope(uploadResultSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: presentResult(await ctx.assetUploads.result(userId, request.params.id)) };
      },
    );
  };
}

function createTusServer(ctx: UploadRouteDeps): Server {
  const place = ctx.uploadPlaces.tus;
  return new Server({
    path: TUS_PATH,
    datastore: place.tusStore((id) => ctx.assetUploads.abandon(id, 'Canceled')),
    locker: ctx.uploadLocker,
    maxSize: ctx.config.uploads.maxBytes,
    relativeLocation: true,
    exposedHeaders: ['Upload-Asset-Id', 'Upload-Version-Id'],
    namingFunction: () => randomUUID().replaceAll('-', ''),
    onIncomingRequest: async (request, uploadId) => {
      if (request.method === 'POST' || request.method === 'OPTIONS') return;
      // Bytes are taken only from someone who may still upload into the project.
      if (request.method === 'PATCH')
        await refuseAs(() => ctx.uploadRevocation.requireWritable(uploaderOf(request), uploadId));
      else await refuseAs(() => ctx.assetUploads.requireOwnUpload(uploaderOf(request), uploadId));
    },
    onUploadCreate: async (request, upload) => {
      await refuseAs(() => ctx.assetUploads.begin(upload.id, uploadRequest(uploaderOf(request), upload)));
      return {};
    },
    onUploadFinish: async (_request, upload) => {
      // No PATCH follows the last byte, whatever the outcome (an empty file refused included): the
      // upload's tus record goes; the bytes stay for the sweep only when its asset is still to make.
      const outcome = await refuseAs(() =>
        ctx.assetUploads.finish(upload.id, place.bytesOf(upload.id)),
      ).finally(() => place.forgetRecord(upload.id));
      return {
        headers: { 'Upload-Asset-Id': outcome.assetId, 'Upload-Version-Id': outcome.versionId },
      };
    },
  });
}

function uploaderOf(request: Request): number {
  const raw = (request as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const userId = raw ? uploaders.get(raw) : undefined;
  // @tus/server answers a thrown { status_code, body } as the response (its hook convention).
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (userId === undefined) throw { status_code: 401, body: 'Unauthorized' };
  return userId;
}

/** tus metadata into the upload service's request; a missing or malformed id is refused as not found. */
function uploadRequest(userId: number, upload: Upload) {
  const metadata = upload.metadata ?? {};
  const id = (value: string | null | undefined) => {
    if (value === undefined || value === null || value === '') return null;
    if (!/^\d{1,15}$/.test(value))
      throw new AppError(404, 'not_found', 'We could not find what you were looking for.');
    return Number(value);
  };
  const projectId = id(metadata.project_id);
  if (projectId === null)
    throw new AppError(404, 'not_found', 'We could not find what you were looking for.');
  if (upload.size === undefined)
    throw new AppError(422, 'invalid_record', 'The upload must declare its size.', {
      file: ['The upload must declare its size.'],
    });
  return {
    userId,
    projectId,
    folderId: id(metadata.folder_id),
    assetId: id(metadata.asset_id),
    fileName: metadata.filename ?? '',
    sizeBytes: upload.size,
  };
}

/** Runs `work`, turning an AppError into the refusal tus answers with (the API's error envelope). */
async function refuseAs<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- @tus/server's hook convention
    throw { status_code: error.status, body: JSON.stringify(errorBody(error)) };
  }
}

function presentResult(upload: AssetUploadRow): UploadResult {
  const status = upload.status === 'creating' ? 'creating' : upload.status;
  return {
    status,
    asset_id: upload.result_asset_id,
    version_id: upload.result_version_id,
    error:
      upload.status === 'failed' && upload.error_code
        ? { code: upload.error_code, message: upload.error_message ?? '' }
        : null,
  };
}
