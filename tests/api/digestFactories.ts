import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotificationKind } from '@common/api/notifications';
import type { EmailEvery } from '@common/api/notificationAlarms';
import type { AppContext } from '@server/context';
import { DIGEST_RUN } from '@server/jobs/digestJobs';
import { buildWorkspace, type BuiltUser } from './factories';
import type { ApiClient, Json, TestApp } from './harness';
import { buildProject, buildProjectMember } from './projectFactories';

let eventSequence = 1_000_000;

export interface DigestOwner {
  user: BuiltUser;
  client: ApiClient;
  workspaceId: number;
}

/** A workspace owner, who makes the projects (and is not the one notified). */
export async function buildDigestOwner(t: TestApp): Promise<DigestOwner> {
  const { owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
  return { user: owner, client, workspaceId: workspace.id as number };
}

/** A project and a collaborator of it who receives the notifications. */
export async function buildDigestProject(
  t: TestApp,
  owner: DigestOwner,
  options: { name?: string; recipient?: BuiltUser } = {},
) {
  const project: Json = await buildProject(
    owner.client,
    owner.workspaceId,
    options.name ? { name: options.name } : {},
  );
  const member = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator', options.recipient);
  return { project, recipient: member.user, recipientClient: member.client };
}

/** Sets how often and in which zone a user gets digests, and which e-mail alarms are on. */
export async function setDigestPreferences(
  ctx: AppContext,
  userId: number,
  values: { every?: EmailEvery; zone?: string; alarms?: Partial<Record<NotificationKind, boolean>> },
) {
  await ctx.uow.read.users.updatePreferences(userId, {
    ...(values.every ? { email_every: values.every } : {}),
    ...(values.zone ? { time_zone: values.zone } : {}),
    ...(values.alarms ? { email_alarms: JSON.stringify(values.alarms) } : {}),
  });
}

/** Writes notifications for `userId` as the notifications subscriber would (one event each). */
export async function notify(
  ctx: AppContext,
  userId: number,
  projectId: number,
  items: {
    kind: NotificationKind;
    title?: string;
    message?: string;
    assetId?: number | null;
    seen?: boolean;
    quoted?: string;
  }[],
): Promise<number[]> {
  const now = ctx.clock.now().toISOString();
  const rows = items.map((item) => {
    eventSequence += 1;
    return {
      user_id: userId,
      project_id: projectId,
      event_id: eventSequence,
      actor_id: null,
      kind: item.kind,
      title: item.title ?? `A ${item.kind} notification ${eventSequence}`,
      message: item.message ?? `Someone did |something ${eventSequence}|`,
      asset_id: item.assetId ?? null,
      related_object_type: item.assetId ? 'Asset' : 'Project',
      related_object_id: item.assetId ?? projectId,
      related_parent_id: null,
      url: item.assetId ? `/projects/${projectId}/assets/${item.assetId}` : `/projects/${projectId}`,
      quoted_comment: item.quoted ?? null,
      created_at: now,
      seen_at: item.seen ? now : null,
      opened_at: null,
      pinned_at: null,
      emailed_at: null,
    };
  });
  await ctx.uow.read.notificationDigests.insertNotifications(rows);
  const inserted = await ctx.db
    .selectFrom('notifications')
    .select('id')
    .where(
      'event_id',
      'in',
      rows.map((r) => r.event_id),
    )
    .orderBy('id')
    .execute();
  return inserted.map((r) => r.id);
}

/** One recurring digest run at the clock's time, as the schedule runs it, and every delivery it queued. */
export async function runDigests(ctx: AppContext): Promise<void> {
  await ctx.jobs.send(DIGEST_RUN, {});
  await ctx.jobs.idle();
}

/** Sets the clock and runs the digests there. */
export async function runDigestsAt(t: TestApp, at: string): Promise<void> {
  t.clock.set(new Date(at));
  await runDigests(t.ctx);
}

/** The outbox's messages to `email`, oldest first, with their raw .eml (headers included). */
export async function digestMailsTo(t: TestApp, email: string) {
  await t.ctx.jobs.idle();
  const rows = await t.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email.toLowerCase())
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const raw = readFileSync(join(t.ctx.config.mail.outboxDir, row.eml_file), 'utf8');
    return { ...row, raw, headers: headersOf(raw) };
  });
}

/** The unfolded headers of a raw message, by lower-case name. */
export function headersOf(raw: string): Map<string, string> {
  const normalised = raw.replace(/\r\n/g, '\n');
  const head = normalised.slice(0, normalised.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Where each of the notifications went: its digest (null: settled unsent) and whether it is marked. */
export async function mailState(ctx: AppContext, ids: number[]) {
  const rows = await ctx.db
    .selectFrom('notifications')
    .select(['id', 'digest_id', 'emailed_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, digest: r.digest_id, emailed: r.emailed_at !== null }));
}
