import { Badge, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOutbox } from '@web/api/outbox';
import { useAppStatus } from '@web/api/status';
import { Logo } from '@web/components/Logo/Logo';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { LoadError } from '@web/components/page/LoadError';
import { Page, PageHeader } from '@web/components/page/Page';
import { NotFoundPage } from '@web/components/screens/NotFoundPage';
import { MailCard } from './MailCard';

/** /dev/outbox: the e-mails a local server "sent", so a developer can follow reset and code links. */
export function OutboxPage() {
  const status = useAppStatus();
  const enabled = status.data?.dev_outbox === true;
  const outbox = useOutbox(enabled);
  if (!enabled) return <NotFoundPage />;

  return (
    <Page size={860}>
      <Group justify="space-between" mb="xl">
        <Link to="/" aria-label="Proofroom home" style={{ textDecoration: 'none' }}>
          <Logo size={26} />
        </Link>
        <Badge variant="light" color="orange">
          Development only
        </Badge>
      </Group>
      <PageHeader
        title="Outbox"
        description="E-mails the server would have sent. Links open here, so you can finish a password reset or a two-step log in."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching && !outbox.isPending}
          >
            Refresh
          </Button>
        }
      />
      {outbox.isPending && (
        <Stack gap="md">
          <Skeleton height={160} radius="lg" />
          <Skeleton height={160} radius="lg" />
        </Stack>
      )}
      {outbox.isError && <LoadError onRetry={() => void outbox.refetch()} />}
      {outbox.data?.length === 0 && (
        <EmptyPanel
          testId="outbox-empty"
          icon={<IconInbox size={28} />}
          title="No e-mails yet"
          description="Every e-mail the server sends (log-in codes, password resets, invitations) appears here as soon as it is sent."
        />
      )}
      {outbox.data && outbox.data.length > 0 && (
        <Stack gap="md">
          {outbox.data.map((mail, index) => (
            <MailCard key={mail.id} mail={mail} newest={index === 0} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
