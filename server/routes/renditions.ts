import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { AssetVersionRow } from '../db/repositories/assetVersions';
import { notFound } from '../errors';
import { requireSession } from '../plugins/session';
import type { RoundFile } from '../services/assets/assets';
import { savedFileName } from '../services/assets/downloadPlans';
import { openRanged } from '../adapters/storage/ranges';
import { sendRanged } from './storedRanges';
import { attachment } from './contentDisposition';

export type RenditionRouteDeps = Pick<AppContext, 'assets' | 'storage' | 'roundPages'>;

const YEAR_SECONDS = 365 * 24 * 3600;

export const renditionParams = z.object({
  versionId: z.coerce.number().int().positive(),
  token: z
    .string()
    .max(64)
    .regex(/^[a-z0-9]+$/),
  '*': z.string().max(200),
});

const projectThumbnailParams = renditionParams
  .pick({ versionId: true, token: true })
  .extend({ projectId: z.coerce.number().int().positive() });

/**
 * The files of a round, for the project's members: the thumbnail, the preview, the low-res
 * download, the DeepZoom tiles, a document's pages (`pages/{n}`, drawn on first request) and the
 * original. Addresses hold the random name of the files'
 * folder, so one address always serves the same bytes: browsers keep them for a year (privately).
 */
export function renditionRoutes(ctx: RenditionRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/renditions/:versionId/:token/*',
      { schema: { hide: true, params: renditionParams } },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const file = await ctx.assets.roundFile(userId, request.params.versionId);
        return sendRendition(ctx, reply, file, request.params.token, request.params['*'], {
          cacheControl: `private, max-age=${YEAR_SECONDS}, immutable`,
        });
      },
    );

    // The picture of a project card without a cover: its first asset's thumbnail (projectThumbnailUrl).
    app.get(
      '/projects/:projectId/thumbnails/:versionId/:token',
      { schema: { hide: true, params: projectThumbnailParams } },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const { projectId, versionId, token } = request.params;
        const file = await ctx.assets.projectThumbnailRound(userId, projectId, versionId);
        return sendRendition(ctx, reply, file, token, 'thumbnail', {
          cacheControl: `private, max-age=${YEAR_SECONDS}, immutable`,
        });
      },
    );
  };
}

/**
 * Nothing here is ever run or shown as a page: nosniff, and a policy that forbids everything
 * active. The original is saved under the asset's current name (savedFileName), as downloads are.
 */
export async function sendRendition(
  ctx: Pick<AppContext, 'storage' | 'roundPages'>,
  reply: FastifyReply,
  { round, asset }: RoundFile,
  token: string,
  file: string,
  { cacheControl }: { cacheControl: string },
) {
  const stored = await storedFile(ctx, round, token, file, reply.request.headers.range);
  void reply
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (file === 'original') void reply.header('content-disposition', attachment(savedFileName(asset, round)));
  return sendRanged(reply, stored);
}

/** The file the address names: a range of it when one is asked (a page is drawn and sent whole). */
async function storedFile(
  ctx: Pick<AppContext, 'storage' | 'roundPages'>,
  round: AssetVersionRow,
  token: string,
  file: string,
  range: string | undefined,
) {
  const page = PAGE_FILE.exec(file);
  if (page) {
    if (!round.thumbnail_key?.startsWith(`renditions/${token}/`)) throw notFound();
    return ctx.roundPages.file(round, `renditions/${token}`, Number(page[1]));
  }
  const key = keyOf(round, token, file);
  if (!key) throw notFound();
  const stored = await openRanged(ctx.storage, key, range);
  if (!stored) throw notFound();
  return stored;
}

/** A document's page: `pages/{n}`, n without leading zeros (one address per page). */
const PAGE_FILE = /^pages\/([1-9]\d{0,5})$/;

/** The storage key the address names, or null when it names nothing of this round. */
function keyOf(
  round: Pick<AssetVersionRow, 'original_key' | 'thumbnail_key' | 'tiles_key'>,
  token: string,
  file: string,
): string | null {
  if (file === 'original') return round.original_key === `originals/${token}` ? round.original_key : null;
  const prefix = `renditions/${token}`;
  if (!round.thumbnail_key?.startsWith(`${prefix}/`)) return null;
  if (file === 'thumbnail' || file === 'preview' || file === 'low_res') return `${prefix}/${file}`;
  if (
    round.tiles_key &&
    /^tiles\/(image\.dzi|image_files\/\d{1,2}\/\d{1,5}_\d{1,5}\.(jpeg|jpg|png))$/.test(file)
  )
    return `${prefix}/${file}`;
  return null;
}
