import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assetDownloadQuerySchema,
  assetsDownloadSchema,
  downloadAnswerSchema,
  projectDownloadSchema,
  type AssetDownloadQuery,
} from '@common/api/downloads';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { requireSession, type RequestSession } from '../plugins/session';
import type { Downloads, DownloadPlan } from '../services/assets/downloads';
import { zipStream } from '../services/assets/zipStream';
import { idParams } from './auth';
import { attachment } from './contentDisposition';
import { sendRanged } from './storedRanges';
import { sharedProjectOf, sharedScope, type SharedViewRouteDeps } from './sharedView';

/** What these routes call: reading this line tells every service they reach. */
export type DownloadRouteDeps = Pick<AppContext, 'downloads'> & SharedViewRouteDeps;

/** In the query: a path parameter may not be this long (Fastify's maxParamLength is 100). */
const tokenQuery = z.object({ token: z.string().min(1).max(8000) });
const answer = envelope(downloadAnswerSchema);
const shareHash = z.string().min(1).max(200);

/**
 * Downloads (§5, §7): files and zips for members, through signed links that stream at once, or by
 * e-mail for large zips; and the downloads of a public link that allows them. The GET routes have
 * no HEAD twin: Fastify's would read the whole file or zip only to throw it away.
 */
export function downloadRoutes(ctx: DownloadRouteDeps): FastifyPluginAsyncZod {
  const { downloads } = ctx;
  return async (app) => {
    app.get(
      '/assets/:id/download',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['downloads'],
          description:
            "The asset's current round as a file (original or low-res, default the user's asset_downloads_resolution; '_R{n}' before the extension with with_round_number), or every round as a zip (all_rounds, an asset with more than one round).",
          params: idParams,
          querystring: assetDownloadQuerySchema,
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const { query } = request;
        const plan = await downloads.memberAsset(session.userId, request.params.id, {
          lowRes: query.low_res ?? prefersLowRes(session),
          withRoundNumber: query.with_round_number ?? false,
          allRounds: query.all_rounds ?? false,
        });
        return sendPlan(downloads, reply, plan);
      },
    );

    app.post(
      '/projects/:id/assets/download',
      {
        schema: {
          tags: ['downloads'],
          description:
            "Several assets' current rounds: one id answers a link to that file, more a link to a zip; a zip too large to stream answers download_type 'email' and its link is e-mailed when built.",
          params: idParams,
          body: assetsDownloadSchema,
          response: { 200: answer },
        },
      },
      async (request) => {
        const session = requireSession(request);
        const { ids, low_res, with_round_number } = request.body;
        return {
          response: await downloads.request(
            session.userId,
            request.params.id,
            { kind: 'assets', assetIds: ids },
            { lowRes: low_res ?? prefersLowRes(session), withRoundNumber: with_round_number ?? false },
          ),
        };
      },
    );

    app.post(
      '/projects/:id/download',
      {
        schema: {
          tags: ['downloads'],
          description:
            "The whole project as a zip, its folders as directories, or one folder (folder_id); 'direct' with a link that streams it, or 'email' when it is too large.",
          params: idParams,
          body: projectDownloadSchema,
          response: { 200: answer },
        },
      },
      async (request) => {
        const session = requireSession(request);
        const { folder_id, low_res, with_round_number } = request.body;
        return {
          response: await downloads.request(
            session.userId,
            request.params.id,
            folder_id ? { kind: 'folder', folderId: folder_id } : { kind: 'project' },
            { lowRes: low_res ?? prefersLowRes(session), withRoundNumber: with_round_number ?? false },
          ),
        };
      },
    );

    app.get(
      '/downloads',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['downloads'],
          description: 'A download_url of type direct: for the member who asked, within the hour.',
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        return sendPlan(downloads, reply, await downloads.openMemberLink(userId, request.query.token));
      },
    );

    app.get(
      '/downloads/ready',
      {
        exposeHeadRoute: false,
        config: { public: true },
        schema: {
          tags: ['downloads'],
          description:
            'The e-mailed link of a large zip: works without signing in until it expires, while its member still sees the project.',
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        const { fileName, key } = await downloads.openMailLink(request.query.token);
        return sendStoredDownload(downloads, reply, key, fileName);
      },
    );

    await app.register(sharedDownloadRoutes(ctx, downloads));
  };
}

/**
 * The downloads of a public link, inside the shared scope (revoked, expired and locked links are
 * refused there, before the request is validated).
 */
function sharedDownloadRoutes(ctx: DownloadRouteDeps, downloads: Downloads): FastifyPluginAsyncZod {
  return sharedScope(ctx, async (shared) => {
    shared.post(
      '/shared/:shareHash/assets/download',
      {
        schema: {
          tags: ['shared view'],
          description:
            "The latest rounds of the link's assets: one id a link to that file, more a link to a zip (always streamed). 403 download_not_allowed when the link does not allow downloads.",
          params: z.object({ shareHash }),
          body: assetsDownloadSchema,
          response: { 200: answer },
        },
      },
      async (request) => {
        const { ids, low_res, with_round_number } = request.body;
        return {
          response: await downloads.sharedRequest(
            sharedProjectOf(request),
            { kind: 'assets', assetIds: ids },
            {
              lowRes: low_res ?? false,
              withRoundNumber: with_round_number ?? false,
            },
          ),
        };
      },
    );

    shared.post(
      '/shared/:shareHash/download',
      {
        schema: {
          tags: ['shared view'],
          description:
            "'Download all': the link's whole project as a zip (its folders as directories), or one of its folders (folder_id), latest rounds only, streamed. 403 download_not_allowed when the link does not allow downloads.",
          params: z.object({ shareHash }),
          body: projectDownloadSchema,
          response: { 200: answer },
        },
      },
      async (request) => {
        const { folder_id, low_res, with_round_number } = request.body;
        return {
          response: await downloads.sharedRequest(
            sharedProjectOf(request),
            folder_id ? { kind: 'folder', folderId: folder_id } : { kind: 'project' },
            { lowRes: low_res ?? false, withRoundNumber: with_round_number ?? false },
          ),
        };
      },
    );

    shared.get(
      '/shared/:shareHash/assets/:assetId/download',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['shared view'],
          description:
            "The latest round of one of the link's assets as a file, when the link allows downloads (all_rounds is refused: 403).",
          params: z.object({ shareHash, assetId: z.coerce.number().int().positive() }),
          querystring: assetDownloadQuerySchema,
        },
      },
      async (request, reply) => {
        const plan = await downloads.sharedAsset(sharedProjectOf(request), request.params.assetId, {
          ...flags(request.query),
          allRounds: request.query.all_rounds ?? false,
        });
        return sendPlan(downloads, reply, plan);
      },
    );

    shared.get(
      '/shared/:shareHash/downloads',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['shared view'],
          description: 'A download_url of a public link, within the hour, while the link allows downloads.',
          params: z.object({ shareHash }),
          querystring: tokenQuery,
        },
      },
      async (request, reply) =>
        sendPlan(
          downloads,
          reply,
          await downloads.openSharedLink(sharedProjectOf(request), request.query.token),
        ),
    );
  });
}

const flags = (query: AssetDownloadQuery) => ({
  lowRes: query.low_res ?? false,
  withRoundNumber: query.with_round_number ?? false,
});

const prefersLowRes = (session: RequestSession) =>
  session.signedIn.preferences.asset_downloads_resolution === 'low_res';

/** Nothing downloaded is ever run or shown as a page, nor kept by a browser or proxy. */
function fileHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('content-disposition', attachment(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store');
}

/** One file (straight from the store, or its bytes with their length), or a zip streamed as it is built (no length: it is not known yet). */
async function sendPlan(downloads: Downloads, reply: FastifyReply, plan: DownloadPlan) {
  if (plan.kind === 'file') return sendStoredDownload(downloads, reply, plan.file.key, plan.file.name);
  void fileHeaders(reply, plan.fileName).type('application/zip');
  return reply.send(zipStream(plan.entries));
}

/** A stored file to save: a redirect to the store's short-lived link (S3), else its bytes, or the range asked for. */
async function sendStoredDownload(downloads: Downloads, reply: FastifyReply, key: string, fileName: string) {
  const answer = await downloads.deliver(key, {
    contentDisposition: attachment(fileName),
    range: reply.request.headers.range,
  });
  if (!answer) throw notFound();
  if ('link' in answer) return reply.header('cache-control', 'private, no-store').redirect(answer.link, 302);
  void fileHeaders(reply, fileName);
  return sendRanged(reply, answer);
}
