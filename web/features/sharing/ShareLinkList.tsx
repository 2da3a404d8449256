import { useState } from 'react';
import { ActionIcon, Badge, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconLinkOff, IconShare2 } from '@tabler/icons-react';
import { GENERIC_ERROR } from '@common/api/errors';
import { SHARE_LINK_TEXTS } from '@common/api/shareLinks';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { LoadError } from '@web/components/page/LoadError';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { useRevokeShareLink, useShareLinks, type ShareLink } from './api/shareLinks';
import { shareUrl } from './api/sharing';
import { LINK_KIND_LABELS, linkFacts, linkScopeLabel, targetOfLink, targetWords } from './linkLabels';
import { LinkOptionsEditor } from './LinkOptionsEditor';
import { CopyLinkButton } from './ShareParts';

export const LINK_LIST_TEXTS = {
  emptyTitle: 'No links yet',
  emptyBody: 'Links made for a folder, a few assets or the whole project show up here.',
  revokeTitle: 'Revoke Link',
  revokeBody: (scope: string) =>
    `The link will stop opening **${scope}** at once. Guests who joined through it lose their access; their comments stay.`,
  revokeCheckbox: 'I understand that people with the link lose access.',
} as const;

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function LinkRow({
  projectId,
  link,
  editing,
  onEdit,
  onRevoke,
}: {
  projectId: number;
  link: ShareLink;
  editing: boolean;
  onEdit: (editing: boolean) => void;
  onRevoke: () => void;
}) {
  const scope = linkScopeLabel(link);
  const facts = linkFacts(link, new Date());
  const made = `Made${link.created_by ? ` by ${link.created_by.name}` : ''} on ${dayFormat.format(new Date(link.created_at))}`;
  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="share-link-row">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={4} miw={0}>
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Badge
              variant="light"
              color={link.kind === 'review' ? 'brand' : 'gray'}
              radius="sm"
              tt="none"
              style={{ flexShrink: 0 }}
            >
              {LINK_KIND_LABELS[link.kind]}
            </Badge>
            <Text size="sm" fw={600} truncate data-testid="share-link-scope">
              {scope}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {[...facts, made].join(' · ')}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <CopyLinkButton url={shareUrl(link.hash)} size={32} />
          <Tooltip label="Link options" withArrow>
            <ActionIcon
              size={32}
              variant={editing ? 'light' : 'subtle'}
              color="gray"
              aria-label={`Options of the link to ${scope}`}
              aria-expanded={editing}
              onClick={() => onEdit(!editing)}
            >
              <IconAdjustmentsHorizontal size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Revoke link" withArrow>
            <ActionIcon
              size={32}
              variant="subtle"
              color="red"
              aria-label={`Revoke the link to ${scope}`}
              onClick={onRevoke}
            >
              <IconLinkOff size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {editing && <LinkOptionsEditor projectId={projectId} link={link} onClose={() => onEdit(false)} />}
    </Paper>
  );
}

/** The project's view-only and review links, newest first: copy, change the options of, or revoke each. */
export function ShareLinkList({ projectId }: { projectId: number }) {
  const links = useShareLinks(projectId);
  const revoke = useRevokeShareLink(projectId);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => snackbar.success({ title: SHARE_LINK_TEXTS.revoked }),
      onError: (error) => snackbar.error({ title: error.message || GENERIC_ERROR }),
      onSettled: () => setRevoking(null),
    });
  }

  if (links.isPending) return <Loader role="status" aria-label="Loading" mx="auto" my="xl" display="block" />;
  if (links.isError) return <LoadError onRetry={() => void links.refetch()} />;
  return (
    <>
      {links.data.length === 0 ? (
        <EmptyPanel
          testId="share-links-empty"
          icon={<IconShare2 size={26} />}
          title={LINK_LIST_TEXTS.emptyTitle}
          description={LINK_LIST_TEXTS.emptyBody}
        />
      ) : (
        <Stack gap="sm" data-testid="share-link-list">
          {links.data.map((link) => (
            <LinkRow
              key={link.id}
              projectId={projectId}
              link={link}
              editing={editingId === link.id}
              onEdit={(editing) => {
                setEditingId(editing ? link.id : null);
                // Closing the form reads the list again (a refused save may mean the link went).
                if (!editing) void links.refetch();
              }}
              onRevoke={() => setRevoking(link)}
            />
          ))}
        </Stack>
      )}
      <Popup
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        closable={!revoke.isPending}
        icon={<IconLinkOff size={22} color="var(--mantine-color-red-6)" />}
        title={LINK_LIST_TEXTS.revokeTitle}
        description={revoking ? LINK_LIST_TEXTS.revokeBody(targetWords(targetOfLink(revoking))) : undefined}
        checkbox={{ label: LINK_LIST_TEXTS.revokeCheckbox }}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setRevoking(null) },
          { label: 'Revoke', variant: 'danger', loading: revoke.isPending, onClick: confirmRevoke },
        ]}
      />
    </>
  );
}
