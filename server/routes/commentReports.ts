import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentExportQuerySchema, type CommentExportFormat } from '@common/api/commentCarryOver';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import type { ReportOutline } from '../services/comments/commentReports/reportModel';
import { idParams } from './auth';
import { attachment } from './contentDisposition';

export type CommentReportRouteDeps = Pick<AppContext, 'commentReports' | 'reportBuilds'>;

const FORMATS =
  'format=csv: one row per comment and reply, UTF-8 with a BOM, cells safe from formulas. format=pdf: a report per asset and round, the preview with the markup drawn on it, then the comments. Built on a worker thread and streamed as it is drawn; a user has at most 4 exports under way (429 past them).';

/**
 * Exports of comments (beyond the spec; docs/decisions.md) for members who see comments: an
 * asset's or a project's, as CSV or as a PDF report, drawn off the event loop and streamed.
 */
export function commentReportRoutes(ctx: CommentReportRouteDeps): FastifyPluginAsyncZod {
  const { commentReports, reportBuilds } = ctx;

  const send = (
    reply: FastifyReply,
    userId: number,
    outline: ReportOutline,
    format: CommentExportFormat,
    projectCover: boolean,
  ) => {
    const file = reportBuilds.build(
      userId,
      { format, title: `${outline.projectName}: ${outline.fileBase}`, outline, projectCover },
      {
        asset: (index) => commentReports.assetRows(outline.assets[index]!),
        preview: (preview, page) => commentReports.previewBytes(preview, page),
      },
    );
    file.on('error', (error) => reply.log.error({ err: error }, 'comment report failed'));
    return reply
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', attachment(`${outline.fileBase}.${format}`))
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
      .send(file);
  };

  return async (app) => {
    app.get(
      '/assets/:id/comments/export',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['comments'],
          description: `The asset's comments of every round as a download. ${FORMATS}`,
          params: idParams,
          querystring: commentExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const outline = await commentReports.forAsset(userId, request.params.id);
        return send(reply, userId, outline, request.query.format, false);
      },
    );

    app.get(
      '/projects/:id/comments/export',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['comments'],
          description: `The comments of the project's assets (at most 500 assets with comments, by name; the PDF says when more are left out). ${FORMATS}`,
          params: idParams,
          querystring: commentExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const outline = await commentReports.forProject(userId, request.params.id);
        return send(reply, userId, outline, request.query.format, true);
      },
    );
  };
}
