import { useEffect, useState, useSyncExternalStore } from 'react';
import { ActionIcon, Anchor, Button, CloseButton, FileButton, Group, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconScribble } from '@tabler/icons-react';
import type { Comment, CommentFile, MarkupShape, Reply } from '@common/api/comments';
import { formatFileSize } from '@common/uploads/fileSize';
import { editChanges, type CommentEdit } from '@web/features/comments/api/commentCache';
import type { MarkupStore } from '@web/features/markup';
import { acceptFiles, PANEL_TEXTS } from './commentTexts';
import { MentionTextarea, type Mentionable } from './MentionTextarea';
import { toEditable, toWireText, type PickedMention } from './mentions';
import classes from './Comments.module.css';

/** What the edit box holds: from the comment when it opens, or the edit that failed to save. */
export interface EditDraft {
  text: string;
  picked: PickedMention[];
  kept: CommentFile[];
  added: File[];
  /** Lines being redrawn (a failed save's); null when the drawing is not being redrawn. */
  markup: readonly MarkupShape[] | null;
}

export function draftOf(comment: Comment | Reply): EditDraft {
  return { ...toEditable(comment.text), kept: comment.files, added: [], markup: null };
}

/** A root comment with a drawing: replies and global comments carry none (projects-side §3). */
export const mayRedraw = (comment: Comment | Reply) =>
  comment.parent_id === null && !comment.global_comment && comment.markup.length > 0;

/**
 * The author's edit of a comment in place: the text with @mentions, the files (remove those it
 * has, attach others as on posting), and for a comment with a drawing 'Redraw', which puts its
 * lines on the stage as the draft to change with the markup tools. Save sends everything at once
 * and closes the box (the comment shows the edit at once); Cancel leaves the comment as it was.
 */
export function CommentEditBox({
  comment,
  initial,
  store,
  members,
  onSave,
  onClose,
  onShowPage,
  offPage = null,
  files: allowFiles = true,
}: {
  comment: Comment | Reply;
  initial: EditDraft;
  store: MarkupStore;
  members: readonly Mentionable[];
  /** Called with the edit and the draft it came from; the box has closed by then. */
  onSave: (edit: CommentEdit, draft: EditDraft) => void;
  onClose: () => void;
  /** Brings the comment's page of a document on screen before its drawing is redrawn. */
  onShowPage?: () => void;
  /** On a document showing another page than the comment's: the comment's page. */
  offPage?: number | null;
  /** Files may be attached (members); a review link's guest edits text and drawings only. */
  files?: boolean;
}) {
  const [text, setText] = useState(initial.text);
  const [picked, setPicked] = useState(initial.picked);
  const [kept, setKept] = useState(initial.kept);
  const [added, setAdded] = useState(initial.added);
  const [fileError, setFileError] = useState<string | null>(null);
  const markup = useSyncExternalStore(store.subscribe, store.getState);
  const redrawing = markup.redrawing === comment.id;
  const elsewhere = markup.redrawing !== null && !redrawing;
  const lines = redrawing ? markup.history.present.length : comment.markup.length;

  // A failed save's redrawn lines come back on the stage; whatever ends the box ends its redraw.
  useEffect(() => {
    if (initial.markup && store.getState().redrawing === null) store.startRedraw(comment.id, initial.markup);
    return () => {
      if (store.getState().redrawing === comment.id) store.endRedraw();
    };
  }, [store, comment.id, initial.markup]);

  const redraw = () => {
    onShowPage?.();
    store.startRedraw(comment.id, comment.markup);
  };

  const close = () => {
    if (store.getState().redrawing === comment.id) store.endRedraw();
    onClose();
  };

  // Lines drawn on another page than the drawing's would be saved on the wrong page.
  const wrongPage = redrawing && offPage !== null;
  const canSave = text.trim().length > 0 && !(redrawing && lines === 0) && !wrongPage;
  const save = () => {
    if (!canSave) return;
    const shapes = redrawing ? [...store.draft] : null;
    const edit: CommentEdit = {
      text: toWireText(text.trim(), picked),
      keep: kept.map((f) => f.id),
      add: added,
      ...(shapes ? { markup: shapes } : {}),
    };
    close();
    if (editChanges(comment, edit)) onSave(edit, { text, picked, kept, added, markup: shapes });
  };

  return (
    <div className={classes.editBox} data-testid="comment-edit-box">
      <div className={classes.composerBox}>
        <MentionTextarea
          value={text}
          picked={picked}
          onChange={(next: string, nextPicked: PickedMention[]) => {
            setText(next);
            setPicked(nextPicked);
          }}
          members={members}
          onSubmit={save}
          onCancel={close}
          placeholder={members.length > 0 ? PANEL_TEXTS.placeholder : PANEL_TEXTS.placeholderNoMentions}
          label={PANEL_TEXTS.editLabel}
          autoFocus
          testId="comment-edit-input"
          listBelow
        />
        {(kept.length > 0 || added.length > 0) && (
          <div className={classes.fileChips} data-testid="comment-edit-files">
            {kept.map((file) => (
              <span key={file.id} className={classes.fileChip} data-testid="comment-edit-file">
                <IconPaperclip size={12} />
                <span className={classes.fileChipName}>{file.name}</span>
                <span className={classes.fileSize}>{formatFileSize(file.size)}</span>
                <CloseButton
                  size="xs"
                  aria-label={PANEL_TEXTS.removeFile(file.name)}
                  onClick={() => {
                    setKept(kept.filter((f) => f.id !== file.id));
                    setFileError(null);
                  }}
                />
              </span>
            ))}
            {added.map((file, index) => (
              <span
                key={`new-${file.name}-${index}`}
                className={classes.fileChip}
                data-new
                data-testid="comment-edit-file"
              >
                <IconPaperclip size={12} />
                <span className={classes.fileChipName}>{file.name}</span>
                <span className={classes.fileSize}>{formatFileSize(file.size)}</span>
                <CloseButton
                  size="xs"
                  aria-label={PANEL_TEXTS.removeFile(file.name)}
                  onClick={() => {
                    setAdded(added.filter((_, i) => i !== index));
                    setFileError(null);
                  }}
                />
              </span>
            ))}
          </div>
        )}
        <div className={classes.composerBar}>
          {allowFiles && (
            <FileButton
              multiple
              onChange={(files) => {
                const result = acceptFiles(added, files, kept.length);
                setAdded(result.files);
                setFileError(result.error);
              }}
            >
              {(props) => (
                <Tooltip label={PANEL_TEXTS.attach} withArrow>
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    color="gray"
                    aria-label={PANEL_TEXTS.attach}
                    data-testid="comment-edit-attach"
                  >
                    <IconPaperclip size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          )}
          {mayRedraw(comment) &&
            (redrawing ? (
              <span className={classes.drawingChip} data-redrawing data-testid="comment-redrawing">
                <IconScribble size={14} />
                {PANEL_TEXTS.redrawing(lines)}
                <CloseButton
                  size="xs"
                  aria-label={PANEL_TEXTS.keepDrawing}
                  title={PANEL_TEXTS.keepDrawing}
                  onClick={() => store.endRedraw()}
                />
              </span>
            ) : (
              <Tooltip
                label={elsewhere ? PANEL_TEXTS.redrawBusy : PANEL_TEXTS.redrawHint}
                withArrow
                multiline
                w={220}
              >
                <Button
                  size="compact-xs"
                  variant="light"
                  color="gray"
                  leftSection={<IconScribble size={14} />}
                  disabled={elsewhere}
                  onClick={redraw}
                  data-testid="comment-redraw"
                >
                  {PANEL_TEXTS.redraw}
                </Button>
              </Tooltip>
            ))}
        </div>
      </div>
      {fileError ? (
        <Text size="xs" c="red.7" mt={6} role="alert">
          {fileError}
        </Text>
      ) : wrongPage ? (
        <Text size="xs" c="red.7" mt={6} data-testid="comment-redraw-help">
          {PANEL_TEXTS.redrawOtherPage(offPage)}{' '}
          <Anchor component="button" type="button" size="xs" onClick={onShowPage}>
            {PANEL_TEXTS.backToPage}
          </Anchor>
        </Text>
      ) : (
        redrawing && (
          <Text size="xs" c={lines === 0 ? 'red.7' : 'gray.7'} mt={6} data-testid="comment-redraw-help">
            {lines === 0 ? PANEL_TEXTS.redrawEmpty : PANEL_TEXTS.redrawHelp}
          </Text>
        )
      )}
      <Group gap="xs" justify="flex-end" mt={6}>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          onClick={close}
          data-testid="comment-edit-cancel"
        >
          {PANEL_TEXTS.cancel}
        </Button>
        <Button size="compact-sm" disabled={!canSave} onClick={save} data-testid="comment-edit-save">
          {PANEL_TEXTS.save}
        </Button>
      </Group>
    </div>
  );
}
