import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ActionIcon, CloseButton, FileButton, Switch, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconScribble, IconSend } from '@tabler/icons-react';
import type { MarkupShape } from '@common/api/comments';
import type { MarkupStore } from '@web/features/markup';
import { acceptFiles, PANEL_TEXTS } from './commentTexts';
import { MentionTextarea, type Mentionable } from './MentionTextarea';
import { toWireText, type PickedMention } from './mentions';
import classes from './Comments.module.css';

export interface ComposedComment {
  text: string;
  files: File[];
  global_comment: boolean;
  markup: MarkupShape[] | null;
}

/**
 * The new comment box at the foot of the panel: text with @mentions, files, and either the lines
 * drawn on the stage (the draft, sent as the comment's markup) or the global flag. Sending clears
 * it at once; the comment shows in the list while it is on its way.
 */
export function CommentComposer({
  store,
  members,
  onSend,
  files: allowFiles = true,
}: {
  store: MarkupStore;
  members: readonly Mentionable[];
  /** Answers false when the comment could not be sent: the box gets it back. */
  onSend: (comment: ComposedComment) => Promise<boolean>;
  /** Files may be attached (members); a review link's guest sends text and drawings only. */
  files?: boolean;
}) {
  const markup = useSyncExternalStore(store.subscribe, store.getState);
  // While a comment's drawing is redrawn, the lines on the stage are that comment's, not this box's.
  const waiting = markup.redrawing !== null;
  const drawings = waiting ? 0 : markup.history.present.length;
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<PickedMention[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [global, setGlobal] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const canSend = text.trim().length > 0 && !waiting;
  const typed = useRef(text);
  useEffect(() => {
    typed.current = text;
  }, [text]);

  const send = () => {
    if (!canSend) return;
    const composed: ComposedComment = {
      text: toWireText(text.trim(), picked),
      files,
      global_comment: drawings === 0 && global,
      markup: drawings > 0 ? [...store.draft] : null,
    };
    const kept = { text, picked, files, global };
    setText('');
    setPicked([]);
    setFiles([]);
    setGlobal(false);
    setFileError(null);
    store.clearDraft();
    void onSend(composed).then((sent) => {
      if (sent) return;
      // Nothing typed is lost: the text, files and lines come back unless a new comment was begun.
      if (!typed.current) {
        setText(kept.text);
        setPicked(kept.picked);
        setFiles(kept.files);
        setGlobal(kept.global);
      }
      store.restoreDraft(composed.markup ?? []);
    });
  };

  return (
    <div className={classes.composer} data-testid="comment-composer">
      <div className={classes.composerBox}>
        <MentionTextarea
          value={text}
          picked={picked}
          onChange={(next, nextPicked) => {
            setText(next);
            setPicked(nextPicked);
          }}
          members={members}
          onSubmit={send}
          placeholder={members.length > 0 ? PANEL_TEXTS.placeholder : PANEL_TEXTS.placeholderNoMentions}
          label="New comment"
          minRows={2}
          testId="comment-input"
        />
        {files.length > 0 && (
          <div className={classes.fileChips}>
            {files.map((file, index) => (
              <span key={`${file.name}-${index}`} className={classes.fileChip}>
                <IconPaperclip size={12} />
                <span className={classes.fileChipName}>{file.name}</span>
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles(files.filter((_, i) => i !== index))}
                />
              </span>
            ))}
          </div>
        )}
        <div className={classes.composerBar}>
          {allowFiles && (
            <FileButton
              multiple
              onChange={(added) => {
                const result = acceptFiles(files, added);
                setFiles(result.files);
                setFileError(result.error);
              }}
            >
              {(props) => (
                <Tooltip label={PANEL_TEXTS.attach} withArrow>
                  <ActionIcon {...props} variant="subtle" color="gray" aria-label={PANEL_TEXTS.attach}>
                    <IconPaperclip size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          )}
          {drawings > 0 ? (
            <span className={classes.drawingChip} data-testid="composer-drawings">
              <IconScribble size={14} />
              {PANEL_TEXTS.drawings(drawings)}
              <CloseButton size="xs" aria-label={PANEL_TEXTS.dropDrawings} onClick={store.clearDraft} />
            </span>
          ) : (
            <Tooltip label={PANEL_TEXTS.globalHint} withArrow>
              <Switch
                size="xs"
                label={PANEL_TEXTS.global}
                checked={global}
                onChange={(event) => setGlobal(event.currentTarget.checked)}
                classNames={{ label: classes.switchLabel }}
              />
            </Tooltip>
          )}
          <ActionIcon
            className={classes.send}
            size="lg"
            radius="md"
            aria-label={PANEL_TEXTS.send}
            disabled={!canSend}
            onClick={send}
            data-testid="comment-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </div>
      </div>
      {fileError ? (
        <Text size="xs" c="red.7" mt={6} role="alert">
          {fileError}
        </Text>
      ) : waiting ? (
        <Text size="xs" c="gray.7" mt={6} data-testid="composer-waits">
          {PANEL_TEXTS.composerWaits}
        </Text>
      ) : (
        drawings === 0 && (
          <Text size="xs" c="gray.7" mt={6}>
            {PANEL_TEXTS.drawHint}
          </Text>
        )
      )}
    </div>
  );
}
