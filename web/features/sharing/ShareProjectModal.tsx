import { useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import { can } from '@common/projectRoles';
import { useProject } from '@web/features/projects';
import { useRevokeShare, useShareProject } from '@web/features/sharing/api/sharing';
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
import type { LinkTarget } from './linkDraft';
import { LinkTabs } from './ShareLinkModal';
import { LinkBox, ShareOptions, ShareProblem } from './ShareParts';

const WHOLE_PROJECT: LinkTarget = { scope: 'project' };

export const SHARE_TEXTS = {
  intro:
    'Anyone with the link can see this project without an account. They cannot comment or change anything.',
  saved: 'The public link was updated.',
  cannotShare: 'Only project members who collaborate can share this project.',
  revokeBody: 'The link will stop opening **this project** at once. A new link can be created later.',
  revokeCheckbox: 'I understand that people with the link lose access.',
} as const;

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
      {problem && (draft.protect || draft.expires) && changed && <ShareProblem>{problem}</ShareProblem>}
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

function ShareBody({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const project = useProject(projectId);
  if (project.isPending)
    return <Loader role="status" aria-label="Loading" mx="auto" my="xl" display="block" />;
  if (project.isError) return <LoadError onRetry={() => void project.refetch()} />;
  const actor = {
    role: project.data.current_user_role?.name ?? null,
    isWorkspaceOwner: project.data.current_user_is_workspace_owner,
  };
  if (!can(actor, 'projects.share')) return <Text size="sm">{SHARE_TEXTS.cannotShare}</Text>;
  return (
    <LinkTabs
      projectId={projectId}
      target={WHOLE_PROJECT}
      first={{ value: 'public', label: 'Public link', panel: <ShareForm project={project.data} /> }}
      onDone={onClose}
    />
  );
}

/**
 * The project's Share dialog: the public link (create, copy, options, revoke) as the spec's 'Share a
 * Public Link' has it, beside view-only and review links to the whole project and the list of links.
 */
export function ShareProjectModal({ projectId, opened, onClose }: ProjectModalProps) {
  return (
    <ProjectModal title={PROJECT_TEXTS.shareTitle} opened={opened} onClose={onClose} size={560}>
      <div data-testid="share-project">
        <ShareBody projectId={projectId} onClose={onClose} />
      </div>
    </ProjectModal>
  );
}
