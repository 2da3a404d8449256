import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addOnChangeSchema, checkoutSchema, downgradeSchema } from '@common/api/billing';
import { envelope } from '@common/api/envelope';
import { workspaceSchema } from '@common/api/workspaces';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

const workspaceAnswer = envelope(workspaceSchema);
const tags = ['subscriptions'];

/** What these routes call: reading this line tells every service they reach. */
export type SubscriptionRouteDeps = Pick<AppContext, 'workspaceSubscriptions'>;

/**
 * The subscription actions (subscribe or upgrade, cancel, reactivate, downgrade, cancel downgrade)
 * and add-ons of a workspace. Each answers the workspace as it is afterwards.
 */
export function subscriptionRoutes(ctx: SubscriptionRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const subscriptions = ctx.workspaceSubscriptions;

    app.post(
      '/workspaces/:id/subscribe',
      { schema: { tags, params: idParams, body: checkoutSchema, response: { 200: workspaceAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await subscriptions.subscribe(userId, request.params.id, request.body) };
      },
    );

    app.post(
      '/workspaces/:id/cancel_subscription',
      { schema: { tags, params: idParams, response: { 200: workspaceAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await subscriptions.cancel(userId, request.params.id) };
      },
    );

    app.post(
      '/workspaces/:id/reactivate_subscription',
      { schema: { tags, params: idParams, response: { 200: workspaceAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await subscriptions.reactivate(userId, request.params.id) };
      },
    );

    app.post(
      '/workspaces/:id/downgrade_subscription',
      { schema: { tags, params: idParams, body: downgradeSchema, response: { 200: workspaceAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await subscriptions.downgrade(userId, request.params.id, request.body.price_id) };
      },
    );

    app.post(
      '/workspaces/:id/cancel_downgrade',
      { schema: { tags, params: idParams, response: { 200: workspaceAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await subscriptions.cancelDowngrade(userId, request.params.id) };
      },
    );

    app.post(
      '/workspaces/:id/add_ons',
      { schema: { tags, params: idParams, body: addOnChangeSchema, response: { 200: workspaceAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        const { add_on_price_id } = request.body;
        return { response: await subscriptions.addAddOn(userId, request.params.id, add_on_price_id) };
      },
    );

    app.delete(
      '/workspaces/:id/add_ons',
      { schema: { tags, params: idParams, body: addOnChangeSchema, response: { 200: workspaceAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        const { add_on_price_id } = request.body;
        return { response: await subscriptions.removeAddOn(userId, request.params.id, add_on_price_id) };
      },
    );
  };
}
