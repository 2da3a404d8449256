import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Anchor, Button, Checkbox, Group, Tooltip } from '@mantine/core';
import { IconPaperclip, IconWorld } from '@tabler/icons-react';
import type { Comment, Reply } from '@common/api/comments';
import { formatFileSize } from '@common/uploads/fileSize';
import { isTemporary, type CommentEdit } from '@web/features/comments/api/commentCache';
import type { MarkupStore } from '@web/features/markup';
import { activityTime } from '@web/features/projects';
import { GuestMark } from '@web/components/GuestMark/GuestMark';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { CommentEditBox, draftOf, type EditDraft } from './CommentEditBox';
import { CommentText } from './CommentText';
import { PANEL_TEXTS } from './commentTexts';
import { MentionTextarea, type Mentionable } from './MentionTextarea';
import { toWireText, type PickedMention } from './mentions';
import classes from './Comments.module.css';

/** What the panel lets the cards do; each answers whether the call went through. */
export interface CommentActions {
  meId: number | null;
  members: readonly Mentionable[];
  mayDelete: (comment: Comment | Reply) => boolean;
  /** The author's edit (text, files, a redrawn drawing), shown at once; false when it failed. */
  edit: (comment: Comment | Reply, edit: CommentEdit) => Promise<boolean>;
  /** The stage's drawing layer, where a comment's drawing is redrawn. */
  store: MarkupStore;
  askDelete: (comment: Comment | Reply) => void;
  setCompleted: (comment: Comment, completed: boolean) => void;
  reply: (comment: Comment, text: string) => void;
  highlight: (commentId: number | null) => void;
  /** On a document: the page shown, and how to show another. Null on an image. */
  page: { shown: number; open: (page: number) => void } | null;
  /** An edit may attach files (members; absent means yes); a review link's guest's may not. */
  files?: boolean;
}

/** Author, time, text (or its edit box), files and the actions the caller may take. */
function CommentBody({
  comment,
  actions,
  onReply,
  compact,
  badges,
}: {
  comment: Comment | Reply;
  actions: CommentActions;
  onReply?: () => void;
  compact?: boolean;
  /** Shown at the end of the author's line (marker number, completion). */
  badges?: ReactNode;
}) {
  // The edit box's starting point while it is open: the comment, or an edit that failed to save.
  const [editing, setEditing] = useState<EditDraft | null>(null);
  const pending = isTemporary(comment);
  const save = (edit: CommentEdit, draft: EditDraft) => {
    void actions.edit(comment, edit).then((saved) => {
      // Nothing written is lost: the box opens again with the edit, unless another one began.
      if (!saved) setEditing((open) => open ?? draft);
    });
  };
  const mayEdit = !pending && comment.abilities.edit;
  const mayDelete = !pending && actions.mayDelete(comment);
  return (
    <div className={classes.body}>
      <div className={classes.meta} data-testid="comment-meta">
        <UserAvatar user={comment.user} size={compact ? 22 : 28} />
        {/* The name has its own line, so the time and the edit mark never squeeze it. */}
        <div className={classes.who}>
          <span className={classes.authorLine}>
            <span className={classes.author} title={comment.user.name} data-testid="comment-author">
              {comment.user.name}
            </span>
            {comment.user.is_guest && <GuestMark />}
          </span>
          <span className={classes.when}>
            <span className={classes.time} title={new Date(comment.created_at).toLocaleString()}>
              {pending ? PANEL_TEXTS.sending : activityTime(comment.created_at)}
            </span>
            {comment.is_edited && (
              <span className={classes.edited} data-testid="comment-edited">
                {PANEL_TEXTS.edited}
              </span>
            )}
          </span>
        </div>
        {badges}
      </div>
      <div className={compact ? classes.contentCompact : classes.content}>
        {editing ? (
          <CommentEditBox
            comment={comment}
            initial={editing}
            store={actions.store}
            members={actions.members}
            files={actions.files ?? true}
            onSave={save}
            onClose={() => setEditing(null)}
            onShowPage={
              actions.page && comment.page !== null ? () => actions.page?.open(comment.page ?? 1) : undefined
            }
            offPage={
              actions.page && comment.page !== null && comment.page !== actions.page.shown
                ? comment.page
                : null
            }
          />
        ) : (
          <CommentText text={comment.text} meId={actions.meId} />
        )}
        {!editing && comment.files.length > 0 && (
          <ul className={classes.files}>
            {comment.files.map((file) => (
              <li key={file.id}>
                <IconPaperclip size={13} aria-hidden />
                {file.url ? (
                  <Anchor href={file.url} size="xs" download={file.name} className={classes.fileName}>
                    {file.name}
                  </Anchor>
                ) : (
                  <span className={classes.fileName}>{file.name}</span>
                )}
                <span className={classes.fileSize}>{formatFileSize(file.size)}</span>
              </li>
            ))}
          </ul>
        )}
        {!editing && !pending && (onReply || mayEdit || mayDelete) && (
          <div className={classes.actions}>
            {onReply && (
              <button type="button" className={classes.action} onClick={onReply}>
                {PANEL_TEXTS.reply}
              </button>
            )}
            {mayEdit && (
              <button
                type="button"
                className={classes.action}
                onClick={() => setEditing(draftOf(comment))}
                data-testid="comment-edit"
              >
                {PANEL_TEXTS.edit}
              </button>
            )}
            {mayDelete && (
              <button
                type="button"
                className={classes.action}
                data-danger
                onClick={() => actions.askDelete(comment)}
                data-testid="comment-delete"
              >
                {PANEL_TEXTS.delete}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function ReplyBox({
  comment,
  actions,
  onClose,
}: {
  comment: Comment;
  actions: CommentActions;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<{ text: string; picked: PickedMention[] }>({ text: '', picked: [] });
  const send = () => {
    const text = toWireText(draft.text.trim(), draft.picked);
    if (!text) return;
    actions.reply(comment, text);
    setDraft({ text: '', picked: [] });
    onClose();
  };
  return (
    <div className={classes.replyBox}>
      <div className={classes.composerBox}>
        <MentionTextarea
          value={draft.text}
          picked={draft.picked}
          onChange={(text, picked) => setDraft({ text, picked })}
          members={actions.members}
          onSubmit={send}
          onCancel={onClose}
          placeholder={
            actions.members.length > 0 ? PANEL_TEXTS.replyPlaceholder : PANEL_TEXTS.replyPlaceholderNoMentions
          }
          label="Reply"
          autoFocus
          testId="reply-input"
          listBelow
        />
      </div>
      <Group gap="xs" justify="flex-end" mt={6}>
        <Button size="compact-sm" variant="subtle" color="gray" onClick={onClose}>
          {PANEL_TEXTS.cancel}
        </Button>
        <Button size="compact-sm" disabled={!draft.text.trim()} onClick={send} data-testid="reply-send">
          {PANEL_TEXTS.reply}
        </Button>
      </Group>
    </div>
  );
}

/**
 * A root comment in the panel: its marker number (or the globe of a global comment), the
 * complete / reopen check, the body, and the thread of replies with its reply box. Hovering it
 * lights its markup on the stage.
 */
export function CommentCard({
  comment,
  actions,
  active = false,
}: {
  comment: Comment;
  actions: CommentActions;
  /** The thread a link opened the page on (a notification's comment): set apart. */
  active?: boolean;
}) {
  const [replying, setReplying] = useState(false);
  // Each card follows the lit comment itself: lighting one redraws two cards, not the whole list.
  const lit = useSyncExternalStore(
    actions.store.subscribe,
    () => actions.store.getState().highlight === comment.id,
  );
  const pending = isTemporary(comment);
  const redrawing = useSyncExternalStore(
    actions.store.subscribe,
    () => actions.store.getState().redrawing === comment.id,
  );
  const done = comment.completed_at !== null;
  const element = useRef<HTMLElement>(null);
  // Lit from the stage (its drawing hovered): brought into the list's view.
  useEffect(() => {
    const card = element.current;
    if (lit && card && !card.matches(':hover')) card.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [lit]);
  return (
    <article
      ref={element}
      id={`comment-${comment.id}`}
      className={classes.card}
      data-lit={lit || undefined}
      data-active={active || undefined}
      aria-current={active || undefined}
      data-redrawing={redrawing || undefined}
      data-done={done || undefined}
      data-pending={pending || undefined}
      data-testid="comment"
      data-comment-id={comment.id}
      onMouseEnter={() => actions.highlight(comment.id)}
      onMouseLeave={() => actions.highlight(null)}
    >
      <CommentBody
        comment={comment}
        actions={actions}
        onReply={comment.abilities.reply && !pending ? () => setReplying(true) : undefined}
        badges={
          <>
            {actions.page && comment.page !== null && (
              <button
                type="button"
                className={classes.pageChip}
                data-current={comment.page === actions.page.shown || undefined}
                onClick={() => actions.page?.open(comment.page ?? 1)}
                data-testid="comment-page"
              >
                {PANEL_TEXTS.page(comment.page)}
              </button>
            )}
            {comment.markup_number !== null ? (
              <span
                className={classes.number}
                style={{ borderColor: comment.markup[0]?.stroke_color }}
                data-testid="comment-number"
                title={`Drawing ${comment.markup_number} on the picture`}
              >
                {comment.markup_number}
              </span>
            ) : comment.global_comment ? (
              <Tooltip label={PANEL_TEXTS.globalHint} withArrow>
                <span className={classes.globe} role="img" aria-label={PANEL_TEXTS.global}>
                  <IconWorld size={14} />
                </span>
              </Tooltip>
            ) : null}
            {comment.abilities.complete && !pending ? (
              <Tooltip label={done ? PANEL_TEXTS.reopen : PANEL_TEXTS.complete} withArrow>
                <Checkbox
                  radius="xl"
                  color="teal"
                  size="sm"
                  checked={done}
                  aria-label={done ? PANEL_TEXTS.reopen : PANEL_TEXTS.complete}
                  onChange={(event) => actions.setCompleted(comment, event.currentTarget.checked)}
                  data-testid="comment-complete"
                />
              </Tooltip>
            ) : null}
          </>
        }
      />
      {(comment.replies.length > 0 || replying) && (
        <div className={classes.thread} data-testid="comment-replies">
          {comment.replies.map((reply) => (
            <div key={reply.id} className={classes.reply} data-testid="reply" data-comment-id={reply.id}>
              <CommentBody comment={reply} actions={actions} compact />
            </div>
          ))}
          {replying && <ReplyBox comment={comment} actions={actions} onClose={() => setReplying(false)} />}
        </div>
      )}
    </article>
  );
}
