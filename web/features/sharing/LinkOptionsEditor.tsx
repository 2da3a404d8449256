import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { GENERIC_ERROR } from '@common/api/errors';
import { SHARE_LINK_TEXTS } from '@common/api/shareLinks';
import { isApiError } from '@web/api/client';
import { snackbar } from '@web/components/snackbar/snackbar';
import { useUpdateShareLink, type ShareLink } from './api/shareLinks';
import { linkEditChanged, linkEditDraft, linkEditProblem, linkUpdateFrom } from './linkDraft';
import { ShareLinkFailure, ShareOptions, ShareProblem } from './ShareParts';
import { localDate, type ShareDraft } from './shareDraft';

export const LINK_EDIT_TEXTS = {
  saved: 'The link’s options were saved.',
} as const;

/** A listed link's options (downloads, comments, password, expiry), saved through PATCH /share_links/{id}. */
export function LinkOptionsEditor({
  projectId,
  link,
  onClose,
}: {
  projectId: number;
  link: ShareLink;
  onClose: () => void;
}) {
  const update = useUpdateShareLink(projectId);
  const [draft, setDraft] = useState<ShareDraft>(() => linkEditDraft(link));
  const problem = linkEditProblem(draft, link, localDate(new Date()));
  const changed = linkEditChanged(draft, link);
  const audience = { who: link.kind === 'review' ? 'Guests' : 'Viewers', what: 'the link' };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (problem || !changed || update.isPending) return;
    update.mutate(
      { linkId: link.id, body: linkUpdateFrom(draft, link) },
      {
        onSuccess: () => {
          snackbar.success({ title: LINK_EDIT_TEXTS.saved });
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="share-link-edit">
      <Stack gap="md" pt="md" mt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <ShareOptions draft={draft} onChange={setDraft} hasPassword={link.has_password} audience={audience} />
        {problem && <ShareProblem>{problem}</ShareProblem>}
        {update.isError && (
          <ShareLinkFailure>
            {/* Not found: revoked meanwhile, from another window or by a teammate. */}
            {isApiError(update.error, 'not_found')
              ? SHARE_LINK_TEXTS.revoked
              : update.error.message || GENERIC_ERROR}
          </ShareLinkFailure>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={problem !== null || !changed} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
