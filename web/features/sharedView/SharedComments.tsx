import { Badge, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { SharedComment, SharedReply } from '@common/api/sharedAssets';
import { formatCommentTime } from './sharedCommentTime';
import classes from './SharedComments.module.css';

export const SHARED_COMMENTS_TEXTS = {
  title: 'Comments',
  empty: 'No comments on this round yet.',
  resolved: 'Resolved',
  edited: 'edited',
} as const;

function Entry({ comment }: { comment: SharedReply }) {
  return (
    <>
      <Group gap={6} wrap="nowrap" className={classes.meta}>
        <Text size="sm" fw={600} truncate>
          {comment.author.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatCommentTime(comment.created_at)}
          {comment.is_edited && ` · ${SHARED_COMMENTS_TEXTS.edited}`}
        </Text>
      </Group>
      {/* Plain text, as typed: React escapes it. */}
      <Text size="sm" className={classes.text} data-testid="shared-comment-text">
        {comment.text}
      </Text>
    </>
  );
}

/**
 * The latest round's comments beside a shared asset, to read: who said what and when, the marker
 * number of each drawing, which are resolved, and the replies.
 */
export function SharedComments({ comments }: { comments: readonly SharedComment[] }) {
  return (
    <aside className={classes.panel} aria-label={SHARED_COMMENTS_TEXTS.title} data-testid="shared-comments">
      <Group gap="xs" className={classes.header}>
        <Title order={2} size="h5">
          {SHARED_COMMENTS_TEXTS.title}
        </Title>
        <Badge variant="light" color="gray" radius="sm">
          {comments.length}
        </Badge>
      </Group>
      {comments.length === 0 ? (
        <Stack align="center" gap="xs" className={classes.empty}>
          <IconMessageCircle size={28} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text size="sm" c="dimmed">
            {SHARED_COMMENTS_TEXTS.empty}
          </Text>
        </Stack>
      ) : (
        <ScrollArea className={classes.list} type="auto">
          <Stack gap="sm" p="md">
            {comments.map((comment) => (
              <article
                key={comment.id}
                className={classes.comment}
                data-testid="shared-comment"
                data-resolved={comment.completed_at !== null || undefined}
              >
                <Group gap={8} wrap="nowrap" align="flex-start">
                  {comment.markup_number !== null && (
                    <span
                      className={classes.number}
                      style={{ borderColor: comment.markup[0]?.stroke_color }}
                      aria-label={`Drawing ${comment.markup_number}`}
                    >
                      {comment.markup_number}
                    </span>
                  )}
                  <div className={classes.body}>
                    <Entry comment={comment} />
                    {comment.completed_at !== null && (
                      <Badge size="xs" variant="light" color="teal" radius="sm" mt={6}>
                        {SHARED_COMMENTS_TEXTS.resolved}
                      </Badge>
                    )}
                    {comment.replies.length > 0 && (
                      <div className={classes.replies}>
                        {comment.replies.map((reply) => (
                          <div key={reply.id} className={classes.reply} data-testid="shared-reply">
                            <Entry comment={reply} />
                          </div>
                        ))}
                      </div>
                    )}
                  </div>
                </Group>
              </article>
            ))}
          </Stack>
        </ScrollArea>
      )}
    </aside>
  );
}
