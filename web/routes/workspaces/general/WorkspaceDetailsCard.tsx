import { SaveFooter } from '@web/routes/settings/SaveFooter';
import { useEffect, useState } from 'react';
import { Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { z } from 'zod';
import { PREFERENCES_SAVED } from '@common/api/errors';
import { workspaceNameField, type Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { isApiError } from '@web/api/client';
import { useUpdateWorkspace, type WorkspaceChanges } from '@web/api/workspaces';
import { FormAlert } from '@web/components/auth/FormAlert';
import { snackbar } from '@web/components/snackbar/snackbar';
import { reportWorkspaceAccessError } from '@web/components/workspace/accessErrors';
import { WorkspaceLogo } from '@web/components/workspace/WorkspaceLogo';
import { useZodForm } from '@web/forms/useZodForm';
import { SettingsCard } from '@web/routes/settings/SettingsCard';
import { LOGO_ACCEPT, logoProblem } from './logoFile';

const detailsSchema = z.object({ name: workspaceNameField });

interface PickedLogo {
  file: File;
  url: string;
}

/** Name and logo: the owner of an active workspace edits them, everyone else reads them. */
export function WorkspaceDetailsCard({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  const editable = state.currentUserIsOwner && state.isActive;
  if (!editable) return <ReadOnlyDetails workspace={workspace} state={state} />;
  return (
    <DetailsForm key={`${workspace.id}:${workspace.name}:${workspace.logo ?? ''}`} workspace={workspace} />
  );
}

function ReadOnlyDetails({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  return (
    <SettingsCard
      title="Workspace"
      testId="workspace-details"
      description={
        state.currentUserIsOwner
          ? 'The name and logo can be changed while the workspace is active.'
          : 'Only the workspace owner can change the name and logo.'
      }
    >
      <Group gap="lg" wrap="nowrap">
        <WorkspaceLogo workspace={workspace} size={72} radius="lg" />
        <Stack gap={2} miw={0}>
          <Text size="xs" c="dimmed" fw={600}>
            Name
          </Text>
          <Text fw={600} size="lg" data-testid="workspace-name-readonly" style={{ wordBreak: 'break-word' }}>
            {workspace.name}
          </Text>
        </Stack>
      </Group>
    </SettingsCard>
  );
}

function DetailsForm({ workspace }: { workspace: Workspace }) {
  const update = useUpdateWorkspace(workspace.id);
  const form = useZodForm(detailsSchema, { name: workspace.name });
  const [logo, setLogo] = useState<PickedLogo | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (logo) URL.revokeObjectURL(logo.url);
    },
    [logo],
  );

  function pick(file: File) {
    const problem = logoProblem(file);
    setLogoError(problem);
    setLogo(problem ? null : { file, url: URL.createObjectURL(file) });
  }

  const nameChanged = form.values.name.trim() !== workspace.name;
  const changed = nameChanged || logo !== null;
  const canSave = changed && form.isValid && !logoError;

  const save = form.onSubmit((values) => {
    const changes: WorkspaceChanges = {};
    if (values.name.trim() !== workspace.name) changes.name = values.name.trim();
    if (logo) changes.logo = logo.file;
    update.mutate(changes, {
      onSuccess: () => {
        setLogo(null);
        snackbar.success({ title: PREFERENCES_SAVED });
      },
      onError: (error) => {
        if (reportWorkspaceAccessError(error, workspace)) return;
        const split = form.showServerError(error);
        const logoMessage = isApiError(error, 'payload_too_large')
          ? error.message
          : isApiError(error)
            ? error.fieldMessages('logo')[0]
            : undefined;
        if (logoMessage) {
          form.setFormError(null);
          setLogoError(logoMessage);
        } else if (Object.keys(split.fields).length === 0) {
          form.setFormError(null);
          snackbar.error({ title: isApiError(error) ? error.message : undefined });
        }
      },
    });
  });

  function discard() {
    form.reset();
    setLogo(null);
    setLogoError(null);
  }

  return (
    <form onSubmit={save} noValidate data-testid="workspace-details">
      <SettingsCard
        title="Workspace"
        description="The name and logo your members see."
        footer={
          <SaveFooter
            changed={changed}
            canSave={canSave}
            pending={update.isPending}
            onDiscard={discard}
            label="Save"
          />
        }
      >
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <Group gap="lg" wrap="nowrap">
          <WorkspaceLogo
            workspace={{ name: form.values.name || workspace.name, logo: logo?.url ?? workspace.logo }}
            size={72}
            radius="lg"
            data-testid="workspace-logo-preview"
          />
          <Stack gap={6}>
            <FileButton accept={LOGO_ACCEPT} onChange={(file) => file && pick(file)}>
              {(props) => (
                <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
                  Upload logo
                </Button>
              )}
            </FileButton>
            <Text size="xs" c={logoError ? 'red' : 'dimmed'} role={logoError ? 'alert' : undefined}>
              {logoError ?? 'JPG, PNG or GIF, up to 5 MB.'}
            </Text>
          </Stack>
        </Group>
        <TextInput label="Name" autoComplete="organization" maw={420} {...form.inputProps('name')} />
      </SettingsCard>
    </form>
  );
}
