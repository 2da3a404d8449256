import { Skeleton, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { Comment } from '@common/api/comments';
import { LoadError } from '@web/components/page/LoadError';
import { CommentCard, type CommentActions } from '@web/features/comments';
import classes from './GuestReview.module.css';

export const GUEST_COMMENT_LIST_TEXTS = {
  emptyTitle: 'No comments yet',
  empty: 'Draw on the picture or write below: the team sees your comments as you send them.',
} as const;

function ListSkeleton() {
  return (
    <Stack gap="md" p="md" aria-busy data-testid="guest-comments-loading">
      {[0, 1].map((i) => (
        <div key={i}>
          <Skeleton height={14} width="45%" mb={10} radius="xl" />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} width="70%" />
        </div>
      ))}
    </Stack>
  );
}

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
  if (!list) return <ListSkeleton />;
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
