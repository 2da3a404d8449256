import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { sendRendition, type RenditionRouteDeps } from './renditions';

/** What these routes call. */
export type EmailLinkRouteDeps = Pick<AppContext, 'notificationDigests'> &
  Pick<RenditionRouteDeps, 'storage' | 'roundPages'>;

const signature = z
  .string()
  .max(64)
  .regex(/^[a-f0-9]+$/);
const unsubscribeParams = z.object({ userId: z.coerce.number().int().positive(), signature });
const thumbnailParams = z.object({
  userId: z.coerce.number().int().positive(),
  versionId: z.coerce.number().int().positive(),
  signature,
});

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Proofroom e-mails</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2430;background:#f4f5f7;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="font-size:20px;font-weight:700;margin:0 0 24px">Proofroom</p>
${body}
</div></body></html>`;
}

export const UNSUBSCRIBE_TEXTS = {
  confirm: (email: string) => `Stop e-mail notifications to ${email}?`,
  button: 'Unsubscribe',
  done: (email: string) => `${email} will get no more e-mail notifications.`,
  again: 'You can turn them on again in your notification settings.',
} as const;

/**
 * The links of notification e-mails, opened without signing in: the one-click unsubscribe of
 * every digest (GET shows a page with a button, so link scanners change nothing; POST, from that
 * button or from the mail client per RFC 8058, turns the user's e-mail alarms off) and the
 * thumbnails the digests show. Each link carries its user's id signed; a forged or altered one is
 * a 404.
 */
export function emailLinkRoutes(ctx: EmailLinkRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form; the body is not read.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );

    app.get(
      '/email_unsubscribe/:userId/:signature',
      { config: { public: true }, schema: { hide: true, params: unsubscribeParams } },
      async (request, reply) => {
        const { userId, signature: sig } = request.params;
        const { email } = await ctx.notificationDigests.unsubscribeTarget(userId, sig);
        // The API's no-referrer policy makes browsers post this page's form with `Origin: null`,
        // which the origin check refuses: the page names its own origin instead.
        void reply.header('referrer-policy', 'same-origin');
        return reply.type('text/html; charset=utf-8').send(
          page(`<p>${escapeHtml(UNSUBSCRIBE_TEXTS.confirm(email))}</p>
<form method="post"><button type="submit" style="background:#3b5bdb;color:#fff;border:0;padding:10px 18px;border-radius:6px;font-size:15px">${UNSUBSCRIBE_TEXTS.button}</button></form>`),
        );
      },
    );

    app.post(
      '/email_unsubscribe/:userId/:signature',
      { config: { public: true }, schema: { hide: true, params: unsubscribeParams } },
      async (request, reply) => {
        const { userId, signature: sig } = request.params;
        const { email } = await ctx.notificationDigests.unsubscribe(userId, sig);
        return reply
          .type('text/html; charset=utf-8')
          .send(page(`<p>${escapeHtml(UNSUBSCRIBE_TEXTS.done(email))}</p><p>${UNSUBSCRIBE_TEXTS.again}</p>`));
      },
    );

    app.get(
      '/email_thumbnails/:userId/:versionId/:signature',
      { config: { public: true }, schema: { hide: true, params: thumbnailParams } },
      async (request, reply) => {
        const { userId, versionId, signature: sig } = request.params;
        const file = await ctx.notificationDigests.thumbnail(userId, versionId, sig);
        const token = file.round.thumbnail_key?.split('/')[1];
        if (!token) throw notFound();
        return sendRendition(ctx, reply, file, token, 'thumbnail', {
          cacheControl: 'private, max-age=86400',
        });
      },
    );
  };
}
