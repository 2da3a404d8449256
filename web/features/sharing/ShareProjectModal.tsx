import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import { can } from '@common/projectRoles';
import { useProject } from '@web/features/projects';
import { shareUrl, useRevokeShare, useShareProject } from '@web/features/sharing/api/sharing';
import { LoadError } from '@web/components/page/LoadError';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { ProjectModal, type ProjectModalProps } from '@web/components/modal/ProjectModal';
import {
  draftFrom,
  localDate,
  shareDraftChanged,
  shareDraftProblem,
  shareRequestFrom,
  type ShareDraft,
} from './shareDraft';

export const SHARE_TEXTS = {
  intro:
    'Anyone with the link can see this project without an account. They cannot comment or change anything.',
  saved: 'The public link was updated.',
  cannotShare: 'Only project members who collaborate can share this project.',
  revokeBody: 'The link will stop opening **this project** at once. A new link can be created later.',
  revokeCheckbox: 'I understand that people with the link lose access.',
  showComments: 'Show comments',
  showCommentsHint: "Viewers can read the team's comments and see their markup on each asset.",
} as const;

function LinkBox({ hash }: { hash: string }) {
  const url = shareUrl(hash);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label="Public link"
        value={url}
        readOnly
        style={{ flex: 1 }}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="share-link"
      />
      <CopyButton value={url} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
            <ActionIcon
              size={42}
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
    </Group>
  );
}

function ShareOptions({
  draft,
  onChange,
  hasPassword,
}: {
  draft: ShareDraft;
  onChange: (draft: ShareDraft) => void;
  hasPassword: boolean;
}) {
  const set = (patch: Partial<ShareDraft>) => onChange({ ...draft, ...patch });
  return (
    <Stack gap="md">
      <Switch
        label="Allow downloads"
        description="Viewers can download the most recent round of each asset."
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
        label={SHARE_TEXTS.showComments}
        description={SHARE_TEXTS.showCommentsHint}
        checked={draft.showComments}
        onChange={(event) => set({ showComments: event.currentTarget.checked })}
        data-testid="share-show-comments"
      />
      <Switch
        label="Require a password"
        description="Viewers enter it once before the project opens."
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

function ShareForm({ project }: { project: Project }) {
  const share = useShareProject(project.id);
  const revoke = useRevokeShare(project.id);
  const [draft, setDraft] = useState<ShareDraft>(() => draftFrom(project));
  const [revoking, setRevoking] = useState(false);
  const hasLink = project.share_hash !== null;
  const problem = shareDraftProblem(draft, project, localDate(new Date()));
  const changed = shareDraftChanged(draft, project);

  function save() {
    share.mutate(shareRequestFrom(draft, project), {
      onSuccess: (answer) => {
        snackbar.success({ title: hasLink ? SHARE_TEXTS.saved : PROJECT_TEXTS.shareCreated });
        setDraft(draftFrom({ ...project, ...answer }));
      },
      onError: (error) => snackbar.error({ title: error.message || PROJECT_TEXTS.generic }),
    });
  }

  function confirmRevoke() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        snackbar.success({ title: PROJECT_TEXTS.shareRevoked });
        setDraft(draftFrom({ ...project, share_hash: null }));
      },
      onError: () => snackbar.error({ title: PROJECT_TEXTS.generic }),
      onSettled: () => setRevoking(false),
    });
  }

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {SHARE_TEXTS.intro}
      </Text>
      {project.share_hash && <LinkBox hash={project.share_hash} />}
      <ShareOptions draft={draft} onChange={setDraft} hasPassword={hasLink && project.share_has_password} />
      {problem && (draft.protect || draft.expires) && changed && (
        <Text size="sm" c="red" data-testid="share-problem">
          {problem}
        </Text>
      )}
      <Group justify={hasLink ? 'space-between' : 'flex-end'}>
        {hasLink && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconLinkOff size={16} />}
            onClick={() => setRevoking(true)}
          >
            Revoke Link
          </Button>
        )}
        <Button
          leftSection={hasLink ? undefined : <IconLink size={16} />}
          disabled={problem !== null || (hasLink && !changed)}
          loading={share.isPending}
          onClick={save}
        >
          {hasLink ? 'Save Changes' : 'Create Link'}
        </Button>
      </Group>
      <Popup
        opened={revoking}
        onClose={() => setRevoking(false)}
        closable={!revoke.isPending}
        icon={<IconLinkOff size={22} color="var(--mantine-color-red-6)" />}
        title="Revoke Public Link"
        description={SHARE_TEXTS.revokeBody}
        checkbox={{ label: SHARE_TEXTS.revokeCheckbox }}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setRevoking(false) },
          { label: 'Revoke', variant: 'danger', loading: revoke.isPending, onClick: confirmRevoke },
        ]}
      />
    </Stack>
  );
}

function ShareBody({ projectId }: { projectId: number }) {
  const project = useProject(projectId);
  if (project.isPending)
    return <Loader role="status" aria-label="Loading" mx="auto" my="xl" display="block" />;
  if (project.isError) return <LoadError onRetry={() => void project.refetch()} />;
  const actor = {
    role: project.data.current_user_role?.name ?? null,
    isWorkspaceOwner: project.data.current_user_is_workspace_owner,
  };
  if (!can(actor, 'projects.share')) return <Text size="sm">{SHARE_TEXTS.cannotShare}</Text>;
  return <ShareForm project={project.data} />;
}

/** 'Share a Public Link': create, copy, options (downloads, password, expiry), revoke. */
export function ShareProjectModal({ projectId, opened, onClose }: ProjectModalProps) {
  return (
    <ProjectModal title={PROJECT_TEXTS.shareTitle} opened={opened} onClose={onClose}>
      <div data-testid="share-project">
        <ShareBody projectId={projectId} />
      </div>
    </ProjectModal>
  );
}
