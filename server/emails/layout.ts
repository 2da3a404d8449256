import type { Mail } from '../adapters/mail/mailer';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escape = escapeHtml;

/** Proofroom's e-mail page around `inner` (HTML already escaped by the caller). */
export function mailPage(inner: string, maxWidthPx = 520): string {
  return `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#1f2430;background:#f4f5f7;padding:24px">
<div style="max-width:${maxWidthPx}px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="font-size:20px;font-weight:700;margin:0 0 24px">Proofroom</p>
${inner}
</div></body></html>`;
}

/** Wraps paragraphs and an optional button in Proofroom's plain e-mail layout, with a text twin. */
export function composeMail(input: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
}): Mail {
  const text = [
    input.greeting,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(input.code ? [input.code, ''] : []),
    ...(input.action ? [`${input.action.label}: ${input.action.url}`, ''] : []),
    '— Proofroom',
  ].join('\n');
  const html = mailPage(`<p>${escape(input.greeting)}</p>
${input.paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${input.code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escape(input.code)}</p>` : ''}
${input.action ? `<p><a href="${escape(input.action.url)}" style="display:inline-block;background:#3b5bdb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(input.action.label)}</a></p><p style="font-size:12px;color:#6b7280">${escape(input.action.url)}</p>` : ''}`);
  return { to: input.to, subject: input.subject, text, html };
}
