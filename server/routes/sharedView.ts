import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@common/api/envelope';
import {
  folderSchema,
  sharedProjectSchema,
  sharedViewQuerySchema,
  shareUnlockSchema,
} from '@common/api/projects';
import {
  sharedAssetDetailSchema,
  sharedAssetListQuerySchema,
  sharedAssetListSchema,
} from '@common/api/sharedAssets';
import type { AppContext } from '../context';
import { shareNotFound, type SharedProject } from '../services/projects/sharedAccess';
import { notFound } from '../errors';
import { renditionParams, sendRendition } from './renditions';
import { sendStoredFile } from './storedFile';

declare module 'fastify' {
  interface FastifyRequest {
    /** The project of the public link, set by the shared scope's check before the handler runs. */
    sharedProject: SharedProject | null;
  }
}

/**
 * Every anonymous call on a public link: where the hash is (path `:shareHash` or query
 * `share_hash`). The API test walks this list with revoked, expired and locked links, so a new
 * shared call is listed here and registered inside `sharedScope`.
 */
export const SHARED_ROUTES = [
  { method: 'GET', url: '/projects/shared_view', hashIn: 'query' },
  { method: 'GET', url: '/shared/:shareHash/folders/:folderId', hashIn: 'path' },
  { method: 'GET', url: '/shared/:shareHash/cover', hashIn: 'path' },
  { method: 'GET', url: '/shared/:shareHash/renditions/:versionId/:token/*', hashIn: 'path' },
  { method: 'POST', url: '/shared/:shareHash/assets/download', hashIn: 'path' },
  { method: 'POST', url: '/shared/:shareHash/download', hashIn: 'path' },
  { method: 'GET', url: '/shared/:shareHash/assets/:assetId/download', hashIn: 'path' },
  { method: 'GET', url: '/shared/:shareHash/downloads', hashIn: 'path' },
  { method: 'GET', url: '/shared/:shareHash/assets', hashIn: 'path' },
  { method: 'GET', url: '/shared/:shareHash/assets/:assetId', hashIn: 'path' },
  { method: 'POST', url: '/shared/:shareHash/guests', hashIn: 'path' },
  { method: 'GET', url: '/shared/:shareHash/guest', hashIn: 'path' },
  { method: 'GET', url: '/shared/:shareHash/assets/:assetId/comments', hashIn: 'path' },
  { method: 'POST', url: '/shared/:shareHash/comments', hashIn: 'path' },
  { method: 'PATCH', url: '/shared/:shareHash/comments/:commentId', hashIn: 'path' },
  { method: 'DELETE', url: '/shared/:shareHash/comments/:commentId', hashIn: 'path' },
  { method: 'GET', url: '/shared/:shareHash/assets/:assetId/decision', hashIn: 'path' },
  { method: 'PUT', url: '/shared/:shareHash/assets/:assetId/decision', hashIn: 'path' },
] as const satisfies readonly { method: string; url: string; hashIn: 'path' | 'query' }[];

/** Routes registered inside a shared scope (method and path under the API prefix), for that test. */
export const SHARED_SCOPE_ROUTES = new Set<string>();

function shareHashOf(request: FastifyRequest): string {
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const hash = params?.shareHash ?? query?.share_hash;
  if (typeof hash !== 'string' || hash === '') throw shareNotFound();
  return hash;
}

/**
 * An anonymous scope whose every route passes SharedAccess first: the check is the scope's, not
 * each route's, so a route added here cannot forget it. Handlers read the project with
 * `sharedProjectOf`.
 */
export function sharedScope(ctx: SharedViewRouteDeps, routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('sharedProject', null);
    app.addHook('onRoute', (route) => {
      // Anonymous by nature: the link, not a session, is what lets the caller in.
      route.config = { ...route.config, public: true };
      for (const method of [route.method].flat())
        if (method !== 'HEAD') SHARED_SCOPE_ROUTES.add(`${method} ${route.url}`);
    });
    // Before validation, as a session is checked for members: a call on a dead link answers its
    // 404 (or 403 while locked) whatever it carries.
    app.addHook('preValidation', async (request) => {
      request.sharedProject = await ctx.sharedAccess.resolve(shareHashOf(request), request.cookies);
    });
    await app.register(routes);
  };
}

export function sharedProjectOf(request: FastifyRequest): SharedProject {
  if (!request.sharedProject) throw new Error('A shared route was registered outside sharedScope.');
  return request.sharedProject;
}

/** What these routes call: reading this line tells every service they reach. */
export type SharedViewRouteDeps = Pick<
  AppContext,
  | 'assets'
  | 'config'
  | 'folders'
  | 'projectSharing'
  | 'sharedAccess'
  | 'sharedAssets'
  | 'storage'
  | 'roundPages'
>;

/** What a link's viewers look at: the thumbnail, the preview, the DeepZoom tiles, a document's pages. */
const VIEWED_FILE = /^(thumbnail|preview|tiles\/.+|pages\/.+)$/;

/**
 * Which of a round's files a link serves: what its viewers see, always; anything else (the
 * original, the low-res download, any file added later) only on a link that allows downloads.
 * An allow-list, so a new kind of file is a download until it is named here.
 */
export function sharedFileServed(file: string, downloadable: boolean): boolean {
  return downloadable || VIEWED_FILE.test(file);
}

/**
 * A link's viewers keep files for a short while only: revoking or locking a link must stop them
 * soon even in a browser that has them already (the server refuses them at once).
 */
const SHARED_FILE_SECONDS = 300;

/**
 * The anonymous shared view of a project: the project with its folders, a folder, the assets
 * and the files of their latest rounds, and unlocking.
 */
export function sharedViewRoutes(ctx: SharedViewRouteDeps): FastifyPluginAsyncZod {
  const { sharedAssets } = ctx;
  return async (app) => {
    await app.register(
      sharedScope(ctx, async (shared) => {
        shared.get(
          '/projects/shared_view',
          {
            schema: {
              tags: ['shared view'],
              description:
                'The project of a public link with its folders. 404 for an unknown, revoked or expired link (share_link_expired); 403 share_password_required until unlocked.',
              querystring: sharedViewQuerySchema,
              response: { 200: envelope(sharedProjectSchema) },
            },
          },
          async (request) => ({ response: await ctx.projectSharing.sharedProject(sharedProjectOf(request)) }),
        );

        shared.get(
          '/shared/:shareHash/folders/:folderId',
          {
            schema: {
              tags: ['shared view'],
              description: "A folder of the link's project; any other folder answers 404.",
              params: z.object({
                shareHash: z.string().min(1).max(200),
                folderId: z.coerce.number().int().positive(),
              }),
              response: { 200: envelope(folderSchema) },
            },
          },
          async (request) => ({
            response: await ctx.folders.getShared(sharedProjectOf(request), request.params.folderId),
          }),
        );

        shared.get(
          '/shared/:shareHash/cover',
          {
            schema: {
              tags: ['shared view'],
              description: "The cover image of the link's project (the shared project's cover_url).",
              params: z.object({ shareHash: z.string().min(1).max(200) }),
            },
          },
          async (request, reply) => sendStoredFile(reply, ctx.storage, sharedProjectOf(request).cover_key),
        );

        shared.get(
          '/shared/:shareHash/assets',
          {
            schema: {
              tags: ['shared view'],
              description:
                "A page of 100 assets of the link's project root, or of one of its folders (folder_id), the newest first, each with its latest round only. Another project's folder answers 404.",
              params: z.object({ shareHash: z.string().min(1).max(200) }),
              querystring: sharedAssetListQuerySchema,
              response: { 200: sharedAssetListSchema },
            },
          },
          async (request) => {
            const { page, folder_id } = request.query;
            const { assets, pagination } = await sharedAssets.page(
              sharedProjectOf(request),
              folder_id ?? null,
              page,
            );
            return { response: assets, meta: { pagination } };
          },
        );

        shared.get(
          '/shared/:shareHash/assets/:assetId',
          {
            schema: {
              tags: ['shared view'],
              description:
                "One asset of the link's project with its latest round only (the original only on a downloadable link) and the previous and next images of its place. Any other asset answers 404.",
              params: z.object({
                shareHash: z.string().min(1).max(200),
                assetId: z.coerce.number().int().positive(),
              }),
              response: { 200: envelope(sharedAssetDetailSchema) },
            },
          },
          async (request) => ({
            response: await sharedAssets.get(sharedProjectOf(request), request.params.assetId),
          }),
        );

        shared.get(
          '/shared/:shareHash/renditions/:versionId/:token/*',
          {
            schema: { hide: true, params: renditionParams.extend({ shareHash: z.string().min(1).max(200) }) },
          },
          async (request, reply) => {
            const file = request.params['*'];
            const { downloadable, ...roundFile } = await ctx.assets.sharedRoundFile(
              sharedProjectOf(request),
              request.params.versionId,
            );
            if (!sharedFileServed(file, downloadable)) throw notFound();
            return sendRendition(ctx, reply, roundFile, request.params.token, file, {
              cacheControl: `private, max-age=${SHARED_FILE_SECONDS}`,
            });
          },
        );
      }),
    );

    app.post(
      '/projects/shared_view/unlock',
      {
        config: { public: true },
        schema: {
          tags: ['shared view'],
          description:
            'Checks the password of a link (rate limited) and sets the cookie that unlocks it; answers the shared project. Wrong password: 403 invalid_share_password.',
          body: shareUnlockSchema,
          response: { 200: envelope(sharedProjectSchema) },
        },
      },
      async (request, reply) => {
        const { share_hash, password } = request.body;
        const { project, cookie } = await ctx.sharedAccess.unlock(share_hash, password, request.ip);
        if (cookie) setUnlockCookie(ctx, reply, cookie);
        return { response: await ctx.projectSharing.sharedProject(project) };
      },
    );
  };
}

function setUnlockCookie(
  ctx: SharedViewRouteDeps,
  reply: FastifyReply,
  cookie: { name: string; value: string; expires: Date | undefined },
) {
  void reply.setCookie(cookie.name, cookie.value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.appUrl.startsWith('https:'),
    ...(cookie.expires ? { expires: cookie.expires } : {}),
  });
}
