import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addAssetLabelSchema,
  ASSET_TEXTS,
  assetIdsSchema,
  assetSchema,
  assetsIdsSchema,
  renameAssetSchema,
} from '@common/api/assets';
import { envelope, messageSchema } from '@common/api/envelope';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

export type AssetActionRouteDeps = Pick<AppContext, 'assetActions'>;

const oneAsset = envelope(assetSchema);
const manyAssets = envelope(z.array(assetSchema));
const ALL_OR_NOTHING = 'All or nothing: an id that is not an asset of the project answers 404.';

/**
 * What members do to assets (projects-side §4, §7): each handler parses and calls services/assets/
 * assetActions.ts, which lets the caller in (404), asks the asset policy (403), then acts.
 */
export function assetActionRoutes(ctx: AssetActionRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const actions = ctx.assetActions;

    app.patch(
      '/assets/:id/update_filename',
      {
        schema: {
          tags: ['assets'],
          description:
            'The project owner renames an asset: unique in its place regardless of case, keeping an extension of its type.',
          params: idParams,
          body: renameAssetSchema,
          response: { 200: envelope(assetSchema.extend({ message: z.string() })) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const renamed = await actions.rename(userId, request.params.id, request.body.filename);
        return { response: { ...renamed, message: ASSET_TEXTS.renamed } };
      },
    );

    app.delete(
      '/projects/:id/assets',
      {
        schema: {
          tags: ['assets'],
          description: `Deletes assets with all their rounds and files. ${ALL_OR_NOTHING}`,
          params: idParams,
          body: assetIdsSchema,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const n = await actions.destroy(userId, request.params.id, request.body.ids);
        return { response: { message: n === 1 ? ASSET_TEXTS.deleted : ASSET_TEXTS.deletedMany } };
      },
    );

    app.post(
      '/folders/:id/move_assets',
      {
        schema: {
          tags: ['assets'],
          description: `Moves assets of the folder's project into the folder; a name taken there refuses the call (400 asset_in_folder). ${ALL_OR_NOTHING}`,
          params: idParams,
          body: assetsIdsSchema,
          response: { 200: manyAssets },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await actions.moveToFolder(userId, request.params.id, request.body.assets_ids) };
      },
    );

    app.post(
      '/projects/:id/unfold_assets',
      {
        schema: {
          tags: ['assets'],
          description: `Moves assets back to the project's root; a name taken there refuses the call (400 asset_in_project). ${ALL_OR_NOTHING}`,
          params: idParams,
          body: assetsIdsSchema,
          response: { 200: manyAssets },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await actions.moveToRoot(userId, request.params.id, request.body.assets_ids) };
      },
    );

    for (const [path, approved] of [
      ['/projects/:id/assets/mark_as_approved', true],
      ['/projects/:id/assets/unmark_as_approved', false],
    ] as const) {
      app.patch(
        path,
        {
          schema: {
            tags: ['assets'],
            description: `${approved ? 'Approves' : 'Unapproves'} assets (approve becomes ${approved ? 'confirmed' : 'pending'}). ${ALL_OR_NOTHING}`,
            params: idParams,
            body: assetIdsSchema,
            response: { 200: manyAssets },
          },
        },
        async (request) => {
          const { userId } = requireSession(request);
          return {
            response: await actions.setApproval(userId, request.params.id, request.body.ids, approved),
          };
        },
      );
    }

    for (const [path, rush] of [
      ['/assets/:id/set_rush_priority', true],
      ['/assets/:id/unset_rush_priority', false],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags: ['assets'],
            description: rush ? 'Flags the asset as rush priority.' : 'Takes the rush priority flag off.',
            params: idParams,
            response: { 200: oneAsset },
          },
        },
        async (request) => {
          const { userId } = requireSession(request);
          return { response: await actions.setRush(userId, request.params.id, rush) };
        },
      );
    }

    app.post(
      '/assets/add_label',
      {
        schema: {
          tags: ['assets'],
          description:
            'Puts a label (a workspace label or one of the project’s own) on assets of one project.',
          body: addAssetLabelSchema,
          response: { 200: manyAssets },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await actions.setLabel(userId, request.body.assets_ids, request.body.label_id) };
      },
    );

    app.post(
      '/assets/remove_label',
      {
        schema: {
          tags: ['assets'],
          description: 'Takes the label off assets of one project.',
          body: assetsIdsSchema,
          response: { 200: manyAssets },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await actions.setLabel(userId, request.body.assets_ids, null) };
      },
    );

    app.post(
      '/assets/:id/last_seen',
      {
        schema: {
          tags: ['assets'],
          description: 'The caller has seen the asset: its new, round, name and label marks clear for them.',
          params: idParams,
          response: { 200: oneAsset },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await actions.markSeen(userId, request.params.id) };
      },
    );
  };
}
