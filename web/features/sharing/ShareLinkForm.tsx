import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLink } from '@tabler/icons-react';
import { SHARE_LINK_KINDS, SHARE_LINK_TEXTS, type ShareLinkKind } from '@common/api/shareLinks';
import { GENERIC_ERROR } from '@common/api/errors';
import { snackbar } from '@web/components/snackbar/snackbar';
import { useCreateShareLink, type ShareLink } from './api/shareLinks';
import {
  linkDraftProblem,
  linkRequestFrom,
  newLinkDraft,
  type LinkDraft,
  type LinkTarget,
} from './linkDraft';
import { kindDescription, LINK_KIND_LABELS, linkScopeLabel } from './linkLabels';
import { localDate } from './shareDraft';
import { LinkBox, ShareLinkFailure, ShareOptions, ShareProblem } from './ShareParts';

export const LINK_FORM_TEXTS = {
  createdBody: (link: ShareLink) =>
    link.kind === 'review'
      ? 'Send it to the people who review. They give their name once when they open it.'
      : 'Send it to anyone who should see it. They need no account.',
} as const;

/** The link just made: its address to copy, and a way to make another. */
function CreatedLink({
  link,
  onAnother,
  onDone,
}: {
  link: ShareLink;
  onAnother: () => void;
  onDone: () => void;
}) {
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <Stack gap="lg" data-testid="share-link-created">
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={18} />}
        title={SHARE_LINK_TEXTS.created}
      >
        {LINK_FORM_TEXTS.createdBody(link)}
      </Alert>
      <LinkBox
        hash={link.hash}
        label={`${LINK_KIND_LABELS[link.kind]} link · ${linkScopeLabel(link)}`}
        testId="new-share-link"
      />
      <Group justify="space-between">
        <Button variant="subtle" color="gray" onClick={onAnother}>
          Make another link
        </Button>
        <Button ref={done} onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A new link to a folder, a selection or the whole project: view only or review, with the public
 * link's options. Enter sends it; the server's message shows when it refuses.
 */
export function ShareLinkForm({
  projectId,
  target,
  initialKind = 'view',
  onDone,
}: {
  projectId: number;
  target: LinkTarget;
  initialKind?: ShareLinkKind;
  onDone: () => void;
}) {
  const create = useCreateShareLink(projectId);
  const [draft, setDraft] = useState<LinkDraft>(() => newLinkDraft(initialKind));
  const [made, setMade] = useState<ShareLink | null>(null);
  const problem = linkDraftProblem(draft, target, localDate(new Date()));
  const audience = { who: draft.kind === 'review' ? 'Guests' : 'Viewers', what: 'the link' };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (problem || create.isPending) return;
    create.mutate(linkRequestFrom(draft, target), {
      onSuccess: (link) => {
        setMade(link);
        snackbar.success({ title: SHARE_LINK_TEXTS.created });
      },
    });
  }

  if (made)
    return (
      <CreatedLink
        link={made}
        onDone={onDone}
        onAnother={() => {
          setMade(null);
          setDraft(newLinkDraft(draft.kind));
          create.reset();
        }}
      />
    );

  return (
    <form onSubmit={submit} noValidate data-testid="share-link-form">
      <Stack gap="lg">
        <Stack gap="xs">
          <SegmentedControl
            fullWidth
            aria-label="What the link allows"
            value={draft.kind}
            onChange={(kind) => setDraft({ ...draft, kind })}
            data={SHARE_LINK_KINDS.map((kind) => ({ value: kind, label: LINK_KIND_LABELS[kind] }))}
          />
          <Text size="sm" c="dimmed" data-testid="share-link-kind-hint">
            {kindDescription(draft.kind, target)}
          </Text>
        </Stack>
        <ShareOptions
          draft={draft}
          onChange={(next) => setDraft({ ...draft, ...next })}
          hasPassword={false}
          audience={audience}
        />
        {problem && (draft.protect || draft.expires || target.scope === 'assets') && (
          <ShareProblem>{problem}</ShareProblem>
        )}
        {create.isError && <ShareLinkFailure>{create.error.message || GENERIC_ERROR}</ShareLinkFailure>}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconLink size={16} />}
            disabled={problem !== null}
            loading={create.isPending}
          >
            Create Link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
