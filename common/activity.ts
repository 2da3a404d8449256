/**
 * The activity log's verbs and how each reads (projects-side §1 'an activity log'). The event type
 * that writes each verb names it in common/domainEvents.ts, and its data is what the sentence reads;
 * the server presents the sentence, the UI shows it.
 */
export const ACTIVITY_TEXTS = {
  project_created: (d) => `created the project ${q(d.name)}.`,
  project_renamed: (d) => `renamed the project ${q(d.from)} to ${q(d.to)}.`,
  project_updated: (d) => `updated the project ${list(d.fields)}.`,
  project_archived: () => 'archived the project.',
  project_activated: () => 'restored the project from the archive.',
  project_flagged: () => 'flagged the project as rush priority.',
  project_unflagged: () => 'removed the rush priority flag.',
  project_cover_changed: () => 'changed the project cover.',
  project_cover_removed: () => 'removed the project cover.',
  project_ownership_transferred: (d) => `transferred the ownership of the project to ${s(d.to_name)}.`,
  project_moved_to_workspace: (d) => `moved the project to the workspace ${q(d.workspace_name)}.`,
  project_shared: (d) => (d.downloadable ? 'shared a public link with downloads.' : 'shared a public link.'),
  project_share_changed: () => 'changed the settings of the public link.',
  project_share_revoked: () => 'revoked the public link.',
  share_link_created: (d) => `made ${linkOf(d)}.`,
  share_link_changed: (d) => `changed the settings of ${linkOf(d)}.`,
  share_link_revoked: (d) => `revoked ${linkOf(d)}.`,
  member_invited: (d) => `invited ${s(d.email)} as ${s(d.role_label)}.`,
  member_joined: (d) => `joined the project as ${s(d.role_label)}.`,
  member_removed: (d) => `removed ${s(d.name)} from the project.`,
  member_left: () => 'left the project.',
  invitation_deleted: (d) => `deleted the pending invitation of ${s(d.email)}.`,
  folder_created: (d) => `created the folder ${q(d.name)}.`,
  folder_renamed: (d) => `renamed the folder ${q(d.from)} to ${q(d.to)}.`,
  folder_deleted: (d) => `deleted the folder ${q(d.name)}.`,
  label_created: (d) => `created the label ${q(d.name)}.`,
  label_renamed: (d) => `renamed the label ${q(d.from)} to ${q(d.to)}.`,
  label_deleted: (d) => `deleted the label ${q(d.name)}.`,
  label_added: (d) => `added the label ${q(d.name)}.`,
  label_removed: (d) => `removed the label ${q(d.name)}.`,
  labels_reordered: () => 'reordered the labels.',
  asset_uploaded: (d) => `uploaded ${q(d.name)}.`,
  asset_round_uploaded: (d) => `uploaded round ${s(d.number)} of ${q(d.name)}.`,
  asset_round_deleted: (d) => `deleted round ${s(d.number)} of ${q(d.name)}.`,
  asset_renamed: (d) => `renamed the asset ${q(d.from)} to ${q(d.to)}.`,
  asset_deleted: (d) => `deleted the asset ${q(d.name)}.`,
  asset_moved: (d) =>
    d.folder === null
      ? `moved ${q(d.name)} to the project’s root.`
      : `moved ${q(d.name)} to the folder ${q(d.folder)}.`,
  asset_approved: (d) => `approved ${q(d.name)}.`,
  asset_unapproved: (d) => `removed the approval of ${q(d.name)}.`,
  asset_decided: (d) =>
    d.decision === 'approved'
      ? `decided “Approved” on round ${s(d.number)} of ${q(d.name)}.`
      : d.decision === 'changes_requested'
        ? `requested changes on round ${s(d.number)} of ${q(d.name)}.`
        : `withdrew their decision on round ${s(d.number)} of ${q(d.name)}.`,
  asset_flagged: (d) => `flagged ${q(d.name)} as rush priority.`,
  asset_unflagged: (d) => `removed the rush priority flag of ${q(d.name)}.`,
  asset_labeled: (d) => `put the label ${q(d.label)} on ${q(d.name)}.`,
  asset_unlabeled: (d) => `removed the label ${q(d.label)} from ${q(d.name)}.`,
  assets_reordered: (d) =>
    d.count === 1 ? 'moved an asset in the manual order.' : `moved ${s(d.count)} assets in the manual order.`,
  comment_created: (d) =>
    typeof d.markup_number === 'number'
      ? `drew markup #${d.markup_number} on ${q(d.asset)} and commented ${q(d.excerpt)}.`
      : `commented on ${q(d.asset)}: ${q(d.excerpt)}.`,
  comment_replied: (d) => `replied to a comment on ${q(d.asset)}: ${q(d.excerpt)}.`,
  comment_edited: (d) => `edited ${d.reply ? 'a reply' : 'a comment'} on ${q(d.asset)}.`,
  comment_completed: (d) => `completed a comment on ${q(d.asset)}.`,
  comment_reopened: (d) => `reopened a comment on ${q(d.asset)}.`,
  comment_deleted: (d) => `deleted ${d.reply ? 'a reply' : 'a comment'} on ${q(d.asset)}.`,
  comment_carried_over: (d) => `carried a comment on ${q(d.asset)} over to round ${s(d.to_round)}.`,
  task_created: (d) => `added the task ${q(d.text)} for ${s(d.assignee)}, due ${s(d.due_date)}.`,
  task_updated: (d) => `updated the ${list(d.fields)} of the task ${q(d.text)}.`,
  task_completed: (d) => `completed the task ${q(d.text)}.`,
  task_reopened: (d) => `reopened the task ${q(d.text)}.`,
} satisfies Record<string, (data: ActivityData) => string>;

export type ActivityAction = keyof typeof ACTIVITY_TEXTS;
export type ActivityData = Record<string, unknown>;
export const ACTIVITY_OBJECT_TYPES = [
  'Project',
  'Folder',
  'Label',
  'ProjectMember',
  'ProjectInvitation',
  'Asset',
  'Comment',
  'Task',
] as const;
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];

function s(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : 'someone';
}

function q(value: unknown): string {
  return `“${s(value)}”`;
}

/** 'a review link to the folder “Selects”', 'a view-only link to 3 assets', '… to the project'. */
function linkOf(d: ActivityData): string {
  const kind = d.kind === 'review' ? 'a review link' : 'a view-only link';
  if (d.scope === 'folder') return `${kind} to the folder ${q(d.folder)}`;
  if (d.scope === 'assets') return `${kind} to ${d.assets === 1 ? '1 asset' : `${s(d.assets)} assets`}`;
  return `${kind} to the project`;
}

function list(value: unknown): string {
  const fields = Array.isArray(value) ? value.map(String) : [];
  if (fields.length === 0) return 'details';
  return fields.length === 1 ? fields[0]! : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)!}`;
}

/** 'Ana renamed the folder “Drafts” to “Finals”.'; an unknown action reads as a plain change. */
export function activitySentence(actorName: string | null, action: string, data: ActivityData): string {
  const text = (ACTIVITY_TEXTS as Record<string, (d: ActivityData) => string>)[action];
  return `${actorName ?? 'Someone'} ${text ? text(data) : 'made a change.'}`;
}
