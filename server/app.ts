import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createContext, type AppContext, type ContextOverrides } from './context';
import { migrateToLatest } from './db/database';
import { assetDecisionRoutes } from './routes/assetDecisions';
import { assetListRoutes } from './routes/assetLists';
import { assetRoutes } from './routes/assets';
import { renditionRoutes } from './routes/renditions';
import { downloadRoutes } from './routes/downloads';
import { uploadRoutes } from './routes/uploads';
import { registerJobs } from './jobs';
import { cspDirectives } from './plugins/contentSecurityPolicy';
import { registerErrorHandler } from './plugins/errorHandler';
import { acceptEmptyJsonBodies } from './plugins/jsonBody';
import { registerOriginCheck } from './plugins/originCheck';
import { registerRequestId, requestIdFor } from './plugins/requestId';
import { registerSession } from './plugins/session';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerWebApp } from './plugins/webApp';
import { authRoutes } from './routes/auth';
import { statusRoutes } from './routes/status';
import { userRoutes } from './routes/users';
import { pricingRoutes } from './routes/pricing';
import { sandboxPaymentRoutes } from './routes/sandboxPayments';
import { stripeWebhookRoutes } from './routes/stripeWebhooks';
import { workspaceRoutes } from './routes/workspaces';
import { billingRoutes } from './routes/billing';
import { dismissalRoutes } from './routes/dismissals';
import { subscriptionRoutes } from './routes/subscriptions';
import { invitationRoutes } from './routes/invitations';
import { memberRoutes } from './routes/members';
import { workspaceLifecycleRoutes } from './routes/workspaceLifecycle';
import { projectRoutes } from './routes/projects';
import { projectMemberRoutes } from './routes/projectMembers';
import { folderRoutes } from './routes/folders';
import { labelRoutes } from './routes/labels';
import { sharingRoutes } from './routes/sharing';
import { shareLinkRoutes } from './routes/shareLinks';
import { sharedViewRoutes } from './routes/sharedView';
import { guestRoutes } from './routes/guests';
import { activityLogRoutes } from './routes/activityLogs';
import { projectBulkRoutes } from './routes/projectBulk';
import { projectListRoutes } from './routes/projectLists';
import { projectTransferRoutes } from './routes/projectTransfers';
import { projectCoverRoutes } from './routes/projectCover';
import { workspaceProjectRoutes } from './routes/workspaceProjects';
import { commentRoutes } from './routes/comments';
import { commentCarryOverRoutes } from './routes/commentCarryOver';
import { commentReportRoutes } from './routes/commentReports';
import { taskRoutes } from './routes/tasks';
import { notificationRoutes } from './routes/notifications';
import { emailLinkRoutes } from './routes/emailLinks';
import { liveRoutes } from './routes/live';
import { healthRoutes } from './routes/health';
import { documentingMultipart } from './routes/multipartDoc';

export const API_PREFIX = '/api/v1';
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /**
   * From now on GET /ready answers 503, so the load balancer sends this process nothing new. With
   * `graceMs`, the close that follows gives the jobs under way until then to end (server/shutdown.ts).
   */
  startDraining(graceMs?: number): void;
}

/** Builds the whole application from a configuration: used by main, the tests and the benchmarks. */
export async function buildApp(
  config: Config,
  overrides: ContextOverrides & { webDir?: string } = {},
): Promise<BuiltApp> {
  const ctx = createContext(config, overrides);
  await migrateToLatest(ctx.db, config.database);
  await ctx.bus.start();
  registerJobs(ctx.jobs, ctx);
  await ctx.jobs.start({ work: config.jobs.worker });

  // Typed as Fastify's base logger so the instance type stays the default one plugins expect.
  const loggerInstance: FastifyBaseLogger = ctx.log;
  const app = Fastify({
    loggerInstance,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: requestIdFor,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestId(app);
  acceptEmptyJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    hsts: config.appUrl.startsWith('https:'),
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: config.bodyLimitBytes } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Proofroom API', version: '1' }, servers: [{ url: '/' }] },
    transform: documentingMultipart(jsonSchemaTransform),
  });

  let draining = false;
  let jobsDeadline: number | null = null;
  await app.register(healthRoutes(ctx, { draining: () => draining }));

  await app.register(
    async (api) => {
      // A coarse per-address shield against floods; the sign-in, code and reset limits are in the services.
      await api.register(fastifyRateLimit, { max: config.apiRateLimitPerMinute, timeWindow: '1 minute' });
      registerOriginCheck(api, config.appUrl);
      // API answers are personal: no browser or proxy keeps them, unless a route says otherwise.
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      registerSession(api, ctx);
      await api.register(authRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(statusRoutes(ctx));
      await api.register(workspaceRoutes(ctx));
      await api.register(memberRoutes(ctx));
      await api.register(invitationRoutes(ctx));
      await api.register(workspaceLifecycleRoutes(ctx));
      await api.register(pricingRoutes(ctx));
      await api.register(subscriptionRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(dismissalRoutes(ctx));
      await api.register(projectRoutes(ctx));
      await api.register(projectMemberRoutes(ctx));
      await api.register(folderRoutes(ctx));
      await api.register(labelRoutes(ctx));
      await api.register(sharingRoutes(ctx));
      await api.register(shareLinkRoutes(ctx));
      await api.register(sharedViewRoutes(ctx));
      await api.register(guestRoutes(ctx));
      await api.register(activityLogRoutes(ctx));
      await api.register(projectBulkRoutes(ctx));
      await api.register(projectListRoutes(ctx));
      await api.register(projectTransferRoutes(ctx));
      await api.register(projectCoverRoutes(ctx));
      await api.register(uploadRoutes(ctx));
      await api.register(assetRoutes(ctx));
      await api.register(assetListRoutes(ctx));
      await api.register(assetDecisionRoutes(ctx));
      await api.register(renditionRoutes(ctx));
      await api.register(downloadRoutes(ctx));
      await api.register(workspaceProjectRoutes(ctx));
      await api.register(commentRoutes(ctx));
      await api.register(commentCarryOverRoutes(ctx));
      await api.register(commentReportRoutes(ctx));
      await api.register(taskRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(emailLinkRoutes(ctx));
      await api.register(liveRoutes(ctx));
      await api.register(sandboxPaymentRoutes(ctx));
      await api.register(stripeWebhookRoutes(ctx));
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, overrides.webDir ?? DEFAULT_WEB_DIR, { production: config.env === 'production' });
  ctx.liveStreams.start();
  // Open streams would hold the server's close: they end first (the clients reconnect elsewhere).
  app.addHook('preClose', (done) => {
    ctx.liveStreams.close();
    done();
  });
  app.addHook('onClose', async () => {
    await ctx.reportBuilds.close();
    await ctx.jobs.stop(jobsDeadline === null ? {} : { graceMs: Math.max(0, jobsDeadline - Date.now()) });
    await ctx.closeConverters();
    await ctx.mailDelivery.close();
    await ctx.bus.close();
    await ctx.db.destroy();
  });
  return {
    app,
    ctx,
    startDraining: (graceMs) => {
      draining = true;
      if (graceMs !== undefined) jobsDeadline = Date.now() + graceMs;
    },
  };
}
