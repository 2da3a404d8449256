import { useState } from 'react';
import { Alert, Badge, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Comment, Reply } from '@common/api/comments';
import type { Guest } from '@common/api/guests';
import type { SharedAssetDetail } from '@common/api/sharedAssets';
import { Popup } from '@web/components/Popup/Popup';
import {
  COMMENT_PANEL_TEXTS,
  CommentComposer,
  type CommentActions,
  type ComposedComment,
} from '@web/features/comments';
import type { MarkupStore } from '@web/features/markup';
import { GuestCommentList } from './GuestCommentList';
import { GuestDecision } from './GuestDecision';
import {
  useGuestDecide,
  useGuestDecision,
  useGuestDeleteComment,
  useGuestEditComment,
  useGuestPostComment,
} from './guestApi';
import { useGuestFailure } from './useGuestFailure';
import classes from './GuestReview.module.css';

export const GUEST_REVIEW_TEXTS = {
  title: 'Review',
  round: (n: number) => `Round ${n}`,
  dismiss: 'Dismiss',
} as const;

/**
 * A review link's panel beside the current round, for the guest who joined it: their decision,
 * the round's threads in the members' cards (reply to any), and the members' composer with the
 * drawings made on the stage. What the server refuses (too fast, a link revoked or expired) is
 * said above the composer; a link that is gone turns the page into the shared view's refusal.
 */
export function GuestReviewPanel({
  shareHash,
  asset,
  guest,
  comments,
  store,
  page,
  onPage,
}: {
  shareHash: string;
  asset: SharedAssetDetail;
  guest: Guest;
  comments: { data: Comment[] | undefined; error: unknown; refetch: () => unknown };
  store: MarkupStore;
  /** The document's page shown: a drawing made now is on it. */
  page: number;
  onPage: (page: number) => void;
}) {
  const post = useGuestPostComment(shareHash, asset, guest);
  const update = useGuestEditComment(shareHash, asset.id);
  const remove = useGuestDeleteComment(shareHash, asset.id);
  const [deleting, setDeleting] = useState<Comment | Reply | null>(null);
  const decision = useGuestDecision(shareHash, asset.id);
  const decide = useGuestDecide(shareHash, asset.id);
  const failed = useGuestFailure(shareHash);
  const [problem, setProblem] = useState<string | null>(null);
  const show = (error: unknown) => setProblem(failed(error) || null);

  const actions: CommentActions = {
    meId: null,
    // A guest mentions no one: member ids are not theirs to see.
    members: [],
    files: false,
    // Their own comments and replies, as the server says (never another's).
    mayDelete: (comment) => comment.abilities.destroy,
    edit: async (comment, edit) => {
      setProblem(null);
      try {
        await update.mutateAsync({ id: comment.id, edit });
        return true;
      } catch (error) {
        show(error);
        return false;
      }
    },
    askDelete: setDeleting,
    // A guest never completes a comment (the server gives them no such ability).
    setCompleted: () => undefined,
    reply: (comment, text) => {
      setProblem(null);
      post.mutate({ asset_id: asset.id, text, parent_id: comment.id }, { onError: show });
    },
    highlight: store.setHighlight,
    store,
    page: asset.kind === 'document' ? { shown: page, open: onPage } : null,
  };

  const send = async (composed: ComposedComment) => {
    setProblem(null);
    try {
      const onDocument = asset.kind === 'document' && composed.markup !== null;
      await post.mutateAsync({
        asset_id: asset.id,
        text: composed.text,
        markup: composed.markup,
        global_comment: composed.global_comment,
        page: onDocument ? page : null,
      });
      return true;
    } catch (error) {
      show(error);
      return false;
    }
  };

  const list = comments.data;

  return (
    <aside className={classes.panel} aria-label={GUEST_REVIEW_TEXTS.title} data-testid="guest-review">
      <header className={classes.header}>
        <Title order={2} size="h5">
          {GUEST_REVIEW_TEXTS.title}
        </Title>
        <Badge variant="light" color="gray" radius="sm" tt="none">
          {GUEST_REVIEW_TEXTS.round(asset.current_version.number)}
        </Badge>
        {list && (
          <Text size="sm" c="dimmed" ml="auto" data-testid="guest-comment-count">
            {list.length === 1 ? '1 comment' : `${list.length} comments`}
          </Text>
        )}
      </header>
      <GuestDecision
        round={asset.current_version.number}
        decision={decision.data?.decision ?? null}
        decisions={decision.data?.decisions ?? []}
        ready={decision.data !== undefined}
        onDecide={(next) => {
          setProblem(null);
          decide.mutate(next, { onError: show });
        }}
      />
      <div className={classes.scroll}>
        <GuestCommentList comments={comments} actions={actions} />
      </div>
      {problem && (
        <Alert
          className={classes.alert}
          color="red"
          variant="light"
          radius="md"
          icon={<IconAlertTriangle size={18} />}
          withCloseButton
          closeButtonLabel={GUEST_REVIEW_TEXTS.dismiss}
          onClose={() => setProblem(null)}
          role="alert"
          data-testid="guest-error"
        >
          {problem}
        </Alert>
      )}
      <CommentComposer store={store} members={[]} onSend={send} files={false} />
      <Popup
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={COMMENT_PANEL_TEXTS.deleteTitle}
        description={
          deleting?.parent_id ? COMMENT_PANEL_TEXTS.deleteReply : COMMENT_PANEL_TEXTS.deleteComment
        }
        closable={!remove.isPending}
        actions={[
          { label: COMMENT_PANEL_TEXTS.cancel, variant: 'secondary', onClick: () => setDeleting(null) },
          {
            label: COMMENT_PANEL_TEXTS.delete,
            variant: 'danger',
            loading: remove.isPending,
            onClick: () => {
              if (!deleting) return;
              setProblem(null);
              remove.mutate(deleting.id, {
                onSuccess: () => setDeleting(null),
                onError: (error) => {
                  setDeleting(null);
                  show(error);
                },
              });
            },
          },
        ]}
      />
    </aside>
  );
}
