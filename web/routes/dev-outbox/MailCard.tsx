import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { OutboxMail } from '@common/api/auth';
import { linkify } from './linkify';

/** One sent e-mail: who to, subject, when, and its text with clickable links. */
export function MailCard({ mail, newest }: { mail: OutboxMail; newest: boolean }) {
  return (
    <Paper withBorder p="lg" radius="lg" data-testid="outbox-mail">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={600} data-testid="outbox-subject">
                {mail.subject}
              </Text>
              {newest && (
                <Badge size="xs" variant="light">
                  Newest
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              To <span data-testid="outbox-to">{mail.to}</span>
            </Text>
          </Stack>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {dayjs(mail.created_at).format('MMM D, YYYY HH:mm:ss')}
          </Text>
        </Group>
        <Text
          size="sm"
          ff="monospace"
          bg="gray.0"
          p="md"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', borderRadius: 8 }}
          data-testid="outbox-body"
        >
          {linkify(mail.text).map((part, index) =>
            part.kind === 'link' ? (
              <Anchor key={index} href={part.href} inherit underline="always">
                {part.href}
              </Anchor>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </Text>
      </Stack>
    </Paper>
  );
}
