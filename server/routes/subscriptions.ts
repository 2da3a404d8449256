import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addOnChangeSchema, checkoutSchema, downgradeSchema } from '@common/api/billing';
import { envelope } from '@common/api/envelope';
import { workspaceSchema } from '@common/api/workspaces';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import type { WorkspaceView } from '../policies/workspaceView';
import { idParams } from './auth';

const workspaceAnswer = envelope(workspaceSchema);
const tags = ['subscriptions'];

/** What these routes call: reading this line tells every service they reach. */
export type SubscriptionRouteDeps = Pick<AppContext, 'addOns' | 'subscriptions' | 'workspaceAccess'>;

/**
 * The subscription actions (subscribe or upgrade, cancel, reactivate, downgrade, cancel downgrade)
 * and add-ons of a workspace. Each answers the workspace as it is afterwards.
 */
export function subscriptionRoutes(ctx: SubscriptionRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    /** Loads the caller's view (404 for non-members), runs the action, answers the workspace reloaded. */
    const act = async (
      workspaceId: number,
      userId: number,
      action: (view: WorkspaceView) => Promise<void>,
    ) => {
      await action(await ctx.workspaceAccess.forMember(workspaceId, userId));
      return { response: (await ctx.workspaceAccess.forMember(workspaceId, userId)).presented };
    };

    app.post(
      '/workspaces/:id/subscribe',
      { schema: { tags, params: idParams, body: checkoutSchema, response: { 200: workspaceAnswer } } },
      async (request) =>
        act(request.params.id, requireSession(request).userId, (view) =>
          ctx.subscriptions.subscribe(view, request.body),
        ),
    );

    app.post(
      '/workspaces/:id/cancel_subscription',
      { schema: { tags, params: idParams, response: { 200: workspaceAnswer } } },
      async (request) =>
        act(request.params.id, requireSession(request).userId, (view) => ctx.subscriptions.cancel(view)),
    );

    app.post(
      '/workspaces/:id/reactivate_subscription',
      { schema: { tags, params: idParams, response: { 200: workspaceAnswer } } },
      async (request) =>
        act(request.params.id, requireSession(request).userId, (view) => ctx.subscriptions.reactivate(view)),
    );

    app.post(
      '/workspaces/:id/downgrade_subscription',
      { schema: { tags, params: idParams, body: downgradeSchema, response: { 200: workspaceAnswer } } },
      async (request) =>
        act(request.params.id, requireSession(request).userId, (view) =>
          ctx.subscriptions.downgrade(view, request.body.price_id),
        ),
    );

    app.post(
      '/workspaces/:id/cancel_downgrade',
      { schema: { tags, params: idParams, response: { 200: workspaceAnswer } } },
      async (request) =>
        act(request.params.id, requireSession(request).userId, (view) =>
          ctx.subscriptions.cancelDowngrade(view),
        ),
    );

    app.post(
      '/workspaces/:id/add_ons',
      { schema: { tags, params: idParams, body: addOnChangeSchema, response: { 200: workspaceAnswer } } },
      async (request) =>
        act(request.params.id, requireSession(request).userId, (view) =>
          ctx.addOns.add(view, request.body.add_on_price_id),
        ),
    );

    app.delete(
      '/workspaces/:id/add_ons',
      { schema: { tags, params: idParams, body: addOnChangeSchema, response: { 200: workspaceAnswer } } },
      async (request) =>
        act(request.params.id, requireSession(request).userId, (view) =>
          ctx.addOns.remove(view, request.body.add_on_price_id),
        ),
    );
  };
}
