import type { Mail } from '../adapters/mail/mailer';
import { escapeHtml, mailPage } from './layout';

/** One notification as its digest shows it: links and the thumbnail are absolute. */
export interface DigestEntry {
  title: string;
  /** May hold one `|highlighted|` segment. */
  message: string;
  quotedComment: string | null;
  url: string;
  assetName: string | null;
  /** Items of one asset are shown under its thumbnail. */
  assetId: number | null;
  thumbnailUrl: string | null;
}

export interface DigestMailInput {
  to: string;
  userName: string;
  kind: 'digest' | 'mention';
  project: { name: string; url: string };
  entries: DigestEntry[];
  settingsUrl: string;
  unsubscribeUrl: string;
  messageId: string;
  threadId: string;
}

/** The subject is the same for every digest of a project, so mail clients keep them in one thread. */
export function digestSubject(kind: 'digest' | 'mention', projectName: string): string {
  return kind === 'mention' ? `You were mentioned in ${projectName}` : `New activity in ${projectName}`;
}

/** `|x|` made plain (text) or bold (HTML). */
const plainMessage = (message: string) => message.replace(/\|([^|]*)\|/g, '$1');
const htmlMessage = (message: string) => escapeHtml(message).replace(/\|([^|]*)\|/g, '<strong>$1</strong>');

/** Entries by asset, in the order each asset first appears (project-wide news in a group of its own). */
function byAsset(entries: DigestEntry[]): DigestEntry[][] {
  const groups = new Map<string, DigestEntry[]>();
  for (const entry of entries) {
    const key = entry.assetId === null ? 'project' : `asset:${entry.assetId}`;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups.values()];
}

/**
 * One project's news for one user, as text and HTML: the project's name and link, then each asset
 * with its thumbnail and its items (title, message, quoted comment, link), then the settings and
 * the one-click unsubscribe. Threaded under the project's root id; List-Unsubscribe headers
 * (RFC 2369, RFC 8058) let the mail client unsubscribe with one click.
 */
export function digestEmail(input: DigestMailInput): Mail {
  const count = input.entries.length;
  const intro =
    input.kind === 'mention'
      ? `You were mentioned in ${input.project.name}.`
      : `${count} new ${count === 1 ? 'update' : 'updates'} in ${input.project.name}.`;
  const groups = byAsset(input.entries);

  const text = [
    `Hi ${input.userName},`,
    '',
    intro,
    `${input.project.name}: ${input.project.url}`,
    '',
    ...groups.flatMap((group) => [
      ...(group[0]?.assetName ? [`== ${group[0].assetName} ==`] : []),
      ...group.flatMap((entry) => [
        `* ${entry.title}`,
        `  ${plainMessage(entry.message)}`,
        ...(entry.quotedComment ? [`  “${entry.quotedComment}”`] : []),
        `  ${entry.url}`,
      ]),
      '',
    ]),
    `Notification settings: ${input.settingsUrl}`,
    `Unsubscribe from these e-mails: ${input.unsubscribeUrl}`,
    '',
    '— Proofroom',
  ].join('\n');

  const htmlGroups = groups
    .map((group) => {
      const first = group[0];
      const head = first?.assetName
        ? `<tr><td style="padding:16px 0 8px">${
            first.thumbnailUrl
              ? `<img src="${escapeHtml(first.thumbnailUrl)}" alt="" width="64" height="64" style="width:64px;height:64px;object-fit:cover;border-radius:4px;vertical-align:middle;margin-right:12px">`
              : ''
          }<strong>${escapeHtml(first.assetName)}</strong></td></tr>`
        : '';
      const items = group
        .map(
          (entry) => `<tr><td style="padding:6px 0 6px 12px;border-left:3px solid #e5e7eb">
<div style="font-weight:600">${escapeHtml(entry.title)}</div>
<div>${htmlMessage(entry.message)}</div>
${entry.quotedComment ? `<div style="color:#6b7280;font-style:italic">“${escapeHtml(entry.quotedComment)}”</div>` : ''}
<div><a href="${escapeHtml(entry.url)}" style="color:#3b5bdb">Open</a></div>
</td></tr>`,
        )
        .join('\n');
      return `${head}\n${items}`;
    })
    .join('\n');
  const html = mailPage(
    `<p>Hi ${escapeHtml(input.userName)},</p>
<p>${escapeHtml(intro)}</p>
<h2 style="font-size:16px;margin:16px 0 0"><a href="${escapeHtml(input.project.url)}" style="color:#1f2430">${escapeHtml(input.project.name)}</a></h2>
<table role="presentation" style="width:100%;border-collapse:collapse">
${htmlGroups}
</table>
<p style="font-size:12px;color:#6b7280;margin-top:24px"><a href="${escapeHtml(input.settingsUrl)}" style="color:#6b7280">Notification settings</a> · <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe from these e-mails</a></p>`,
    600,
  );

  return {
    to: input.to,
    subject: digestSubject(input.kind, input.project.name),
    text,
    html,
    messageId: input.messageId,
    inReplyTo: input.threadId,
    references: [input.threadId],
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
