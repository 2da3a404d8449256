import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentExportQuerySchema, type CommentExportFormat } from '@common/api/commentCarryOver';
import type { AppContext } from '../context';
import { embeddableImage } from '../media/reportImage';
import { requireSession } from '../plugins/session';
import { commentCsv } from '../services/commentReports/commentCsv';
import { createReportDocument, writeCommentPdf } from '../services/commentReports/commentPdf';
import type { CommentReport } from '../services/commentReports/reportModel';
import { idParams } from './auth';
import { attachment } from './contentDisposition';

export type CommentReportRouteDeps = Pick<AppContext, 'commentReports'>;

const FORMATS =
  'format=csv: one row per comment and reply, UTF-8 with a BOM, cells safe from formulas. format=pdf: a report per asset and round, the preview with the markup drawn on it, then the comments.';

/**
 * Exports of comments (beyond the spec; docs/decisions.md) for members who see comments: an
 * asset's or a project's, as CSV or as a PDF report streamed as it is drawn.
 */
export function commentReportRoutes(ctx: CommentReportRouteDeps): FastifyPluginAsyncZod {
  const { commentReports } = ctx;

  const send = (
    reply: FastifyReply,
    report: CommentReport,
    format: CommentExportFormat,
    projectCover: boolean,
  ) => {
    void reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    if (format === 'csv')
      return reply
        .header('content-disposition', attachment(`${report.fileBase}.csv`))
        .type('text/csv; charset=utf-8')
        .send(commentCsv(report));
    const doc = createReportDocument(`${report.projectName}: ${report.fileBase}`);
    writeCommentPdf(
      doc,
      report,
      async (preview, page) => {
        const bytes = await commentReports.previewBytes(preview, page);
        return bytes && embeddableImage(bytes, preview.contentType);
      },
      { projectCover },
    ).catch((error: unknown) => {
      reply.log.error({ err: error }, 'comment report failed');
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-disposition', attachment(`${report.fileBase}.pdf`))
      .type('application/pdf')
      .send(doc);
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
        const report = await commentReports.forAsset(userId, request.params.id);
        return send(reply, report, request.query.format, false);
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
        const report = await commentReports.forProject(userId, request.params.id);
        return send(reply, report, request.query.format, true);
      },
    );
  };
}
