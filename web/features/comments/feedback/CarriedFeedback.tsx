import { useState } from 'react';
import { Button, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowForwardUp, IconCheck, IconChevronDown, IconHistory } from '@tabler/icons-react';
import type { AssetRound, AssetView } from '@common/api/assets';
import type { Comment } from '@common/api/comments';
import { can, type ProjectActor } from '@common/projectRoles';
import { isApiError } from '@web/api/client';
import {
  useCarriedComments,
  useRoundsOf,
  useSettleCarried,
  type Settle,
} from '@web/features/comments/api/commentCarryOver';
import { CommentText } from '@web/features/comments/CommentText';
import { GuestMark } from '@web/components/GuestMark/GuestMark';
import { snackbar } from '@web/components/snackbar/snackbar';
import { CHECKLIST_TEXTS, groupByRound, markerOf } from './carriedChecklist';
import classes from './Feedback.module.css';
import { MarkupThumb } from './MarkupThumb';

function failed(error: unknown) {
  const details = isApiError(error) && error.details ? Object.values(error.details).flat() : [];
  const first = details.find((m): m is string => typeof m === 'string');
  snackbar.error(first ? { description: first } : {});
}

function Item({
  comment,
  round,
  current,
  mayAct,
  meId,
  onSettle,
}: {
  comment: Comment;
  round: AssetRound | undefined;
  current: number;
  mayAct: boolean;
  meId: number | null;
  onSettle: (comment: Comment, action: Settle) => void;
}) {
  const marker = markerOf(comment);
  return (
    <li className={classes.item} data-testid="carried-comment" data-comment-id={comment.id}>
      {marker && (comment.page ?? 1) === 1 ? (
        <MarkupThumb comment={comment} round={round} marker={marker} />
      ) : marker ? (
        // The thumbnail is a document's first page: a drawing on another page is named, not shown.
        <span className={classes.noDrawing} data-testid="carried-marker">
          {CHECKLIST_TEXTS.onPage(marker.number, comment.page ?? 1)}
        </span>
      ) : (
        <span className={classes.noDrawing}>{CHECKLIST_TEXTS.noDrawing}</span>
      )}
      <div className={classes.itemBody}>
        <div className={classes.itemText}>
          <CommentText text={comment.text} meId={meId} />
        </div>
        <div className={classes.itemMeta}>
          {comment.user.name}
          {comment.user.is_guest && (
            <>
              {' '}
              <GuestMark />
            </>
          )}
          {comment.replies.length > 0 &&
            ` · ${comment.replies.length} ${comment.replies.length === 1 ? 'reply' : 'replies'}`}
        </div>
        {mayAct && (
          <div className={classes.itemActions}>
            <Tooltip label={CHECKLIST_TEXTS.fixedHint} withArrow openDelay={400}>
              <Button
                size="compact-xs"
                variant="light"
                color="teal"
                leftSection={<IconCheck size={13} />}
                onClick={() => onSettle(comment, 'fixed')}
                data-testid="carried-fixed"
              >
                {CHECKLIST_TEXTS.fixed}
              </Button>
            </Tooltip>
            <Tooltip label={CHECKLIST_TEXTS.carryHint(current)} withArrow openDelay={400}>
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                leftSection={<IconArrowForwardUp size={13} />}
                onClick={() => onSettle(comment, 'carry')}
                data-testid="carried-carry"
              >
                {CHECKLIST_TEXTS.carry}
              </Button>
            </Tooltip>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * 'Feedback from Round N' (beyond the spec): on the asset's current round, the comments of earlier
 * rounds still open, each marked fixed or carried over to this round. Shown only when there are some.
 */
export function CarriedFeedback({
  asset,
  actor,
  meId,
}: {
  asset: AssetView;
  actor: ProjectActor;
  meId: number | null;
}) {
  const current = asset.current_version.number;
  const carried = useCarriedComments(asset.id, asset.version_id, true);
  const rounds = useRoundsOf(asset);
  const settle = useSettleCarried(asset.id, asset.version_id, current);
  const [open, setOpen] = useState(true);
  const list = carried.data ?? [];
  if (list.length === 0) return null;
  const mayAct = can(actor, 'comments.add');
  const onSettle = (comment: Comment, action: Settle) =>
    settle.mutate(
      { comment, action },
      {
        onSuccess: () => {
          if (action === 'carry') snackbar.success({ title: CHECKLIST_TEXTS.carried(current) });
        },
        onError: failed,
      },
    );

  return (
    <section
      className={classes.checklist}
      data-testid="carried-feedback"
      aria-label="Feedback from earlier rounds"
    >
      {groupByRound(list).map((group, index) => (
        <div key={group.round} className={classes.group}>
          <UnstyledButton
            className={classes.head}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            data-testid="carried-toggle"
          >
            <IconHistory size={16} className={classes.headIcon} aria-hidden />
            <span className={classes.title}>{CHECKLIST_TEXTS.title(group.round)}</span>
            <span className={classes.left} data-testid="carried-left">
              {CHECKLIST_TEXTS.left(group.comments.length)}
            </span>
            <IconChevronDown
              size={14}
              className={classes.chevron}
              data-open={open || undefined}
              aria-hidden
            />
          </UnstyledButton>
          {open && (
            <>
              {index === 0 && mayAct && <p className={classes.hint}>{CHECKLIST_TEXTS.hint(current)}</p>}
              <ul className={classes.items}>
                {group.comments.map((comment) => (
                  <Item
                    key={comment.id}
                    comment={comment}
                    round={rounds.data?.find((r) => r.number === comment.round_number)}
                    current={current}
                    mayAct={mayAct}
                    meId={meId}
                    onSettle={onSettle}
                  />
                ))}
              </ul>
            </>
          )}
        </div>
      ))}
    </section>
  );
}
