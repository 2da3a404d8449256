import {
  ActionIcon,
  Alert,
  CopyButton,
  Group,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PROJECT_TEXTS } from '@common/api/projects';
import { shareUrl } from './api/sharing';
import { localDate, type ShareDraft } from './shareDraft';

/** A copy button for a link's address, ticked for two seconds once copied. */
export function CopyLinkButton({ url, size = 42 }: { url: string; size?: number }) {
  return (
    <CopyButton value={url} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
          <ActionIcon
            size={size}
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'brand'}
            aria-label="Copy link"
            onClick={copy}
          >
            {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The link's address, selected on focus, with its copy button. */
export function LinkBox({
  hash,
  label = 'Public link',
  testId = 'share-link',
}: {
  hash: string;
  label?: string;
  testId?: string;
}) {
  const url = shareUrl(hash);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={label}
        value={url}
        readOnly
        style={{ flex: 1 }}
        onFocus={(event) => event.currentTarget.select()}
        data-testid={testId}
      />
      <CopyLinkButton url={url} />
    </Group>
  );
}

/** Who opens the link and what it opens, in the options' descriptions. */
export interface ShareAudience {
  /** 'Viewers' or 'Guests'. */
  who: string;
  /** 'the project', 'the link'. */
  what: string;
}

const VIEWERS: ShareAudience = { who: 'Viewers', what: 'the project' };

export const SHARE_OPTION_TEXTS = {
  showComments: 'Show comments',
  showCommentsHint: (who: string) =>
    `${who} can read the team's comments and see their markup on each asset.`,
} as const;

/** A link's options: downloads (with the spec's warning), comments, password and expiry. */
export function ShareOptions({
  draft,
  onChange,
  hasPassword,
  audience = VIEWERS,
}: {
  draft: ShareDraft;
  onChange: (draft: ShareDraft) => void;
  hasPassword: boolean;
  audience?: ShareAudience;
}) {
  const set = (patch: Partial<ShareDraft>) => onChange({ ...draft, ...patch });
  return (
    <Stack gap="md">
      <Switch
        label="Allow downloads"
        description={`${audience.who} can download the most recent round of each asset.`}
        checked={draft.downloadable}
        onChange={(event) => set({ downloadable: event.currentTarget.checked })}
      />
      {draft.downloadable && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="share-warning"
        >
          {PROJECT_TEXTS.shareDownloadWarning}
        </Alert>
      )}
      <Switch
        label={SHARE_OPTION_TEXTS.showComments}
        description={SHARE_OPTION_TEXTS.showCommentsHint(audience.who)}
        checked={draft.showComments}
        onChange={(event) => set({ showComments: event.currentTarget.checked })}
        data-testid="share-show-comments"
      />
      <Switch
        label="Require a password"
        description={`${audience.who} enter it once before ${audience.what} opens.`}
        checked={draft.protect}
        onChange={(event) => set({ protect: event.currentTarget.checked })}
      />
      {draft.protect && (
        <PasswordInput
          label={hasPassword ? 'New password' : 'Password'}
          placeholder={hasPassword ? 'Leave blank to keep the current password' : 'At least 4 characters'}
          autoComplete="new-password"
          value={draft.password}
          onChange={(event) => set({ password: event.currentTarget.value })}
          ml={54}
        />
      )}
      <Switch
        label="Set an expiry date"
        description="The link stops working after this day."
        checked={draft.expires}
        onChange={(event) => set({ expires: event.currentTarget.checked })}
      />
      {draft.expires && (
        <TextInput
          type="date"
          label="Last day the link works"
          value={draft.expiryDate}
          min={localDate(new Date())}
          onChange={(event) => set({ expiryDate: event.currentTarget.value })}
          ml={54}
          maw={260}
        />
      )}
    </Stack>
  );
}

/** Why a link's options cannot be sent yet (a password, an expiry, a selection), under them. */
export function ShareProblem({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="red" data-testid="share-problem">
      {children}
    </Text>
  );
}

/** Why the server refused to make or change a link. */
export function ShareLinkFailure({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="share-link-error">
      {children}
    </Alert>
  );
}
