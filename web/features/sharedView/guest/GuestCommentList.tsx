import { Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { Comment } from '@common/api/comments';
import { LoadError } from '@web/components/page/LoadError';
import { CommentCard, CommentsSkeleton, type CommentActions } from '@web/features/comments';
import classes from './GuestReview.module.css';

export const GUEST_COMMENT_LIST_TEXTS = {
  emptyTitle: 'No comments yet',
  empty: 'Draw on the picture or write below: the team sees your comments as you send them.',
} as const;

/** The round's threads in the guest's panel: loading, failed (with a retry), none yet, or the cards. */
export function GuestCommentList({
  comments,
  actions,
}: {
  comments: { data: Comment[] | undefined; error: unknown; refetch: () => unknown };
  actions: CommentActions;
}) {
  const list = comments.data;
  if (comments.error && !list) return <LoadError onRetry={() => void comments.refetch()} />;
  if (!list) return <CommentsSkeleton count={2} testId="guest-comments-loading" />;
  if (list.length === 0)
    return (
      <Stack align="center" gap="xs" className={classes.state} data-testid="guest-comments-empty">
        <IconMessageCircle size={28} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={600} size="sm">
          {GUEST_COMMENT_LIST_TEXTS.emptyTitle}
        </Text>
        <Text size="sm" c="dimmed">
          {GUEST_COMMENT_LIST_TEXTS.empty}
        </Text>
      </Stack>
    );
  return (
    <div className={classes.list} data-testid="comment-list">
      {list.map((comment) => (
        <CommentCard key={comment.id} comment={comment} actions={actions} />
      ))}
    </div>
  );
}
