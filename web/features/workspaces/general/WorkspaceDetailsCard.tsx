import { Group, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { PREFERENCES_SAVED } from '@common/api/errors';
import { workspaceNameField, type Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { isApiError } from '@web/api/client';
import { useUpdateWorkspace, type WorkspaceChanges } from '../api/workspaces';
import { reportWorkspaceAccessError } from '../accessErrors';
import { WorkspaceLogo } from '../WorkspaceLogo';
import { snackbar } from '@web/components/snackbar/snackbar';
import { ImagePicker } from '@web/forms/ImagePicker';
import { usePickedImage } from '@web/forms/usePickedImage';
import { useZodForm } from '@web/forms/useZodForm';
import { SettingsCard } from '@web/components/settings/SettingsCard';
import { SettingsForm } from '@web/components/settings/SettingsForm';
import { LOGO_ACCEPT, logoProblem } from './logoFile';

const detailsSchema = z.object({ name: workspaceNameField });

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
  const logo = usePickedImage('logo', logoProblem);

  const nameChanged = form.values.name.trim() !== workspace.name;
  const changed = nameChanged || logo.picked !== null;
  const canSave = changed && form.isValid && !logo.error;

  const save = form.onSubmit((values) => {
    const changes: WorkspaceChanges = {};
    if (values.name.trim() !== workspace.name) changes.name = values.name.trim();
    if (logo.picked) changes.logo = logo.picked.file;
    update.mutate(changes, {
      onSuccess: () => {
        logo.saved();
        snackbar.success({ title: PREFERENCES_SAVED });
      },
      onError: (error) => {
        if (reportWorkspaceAccessError(error, workspace)) return;
        if (!logo.showSaveError(error, form))
          snackbar.error({ title: isApiError(error) ? error.message : undefined });
      },
    });
  });

  return (
    <SettingsForm
      title="Workspace"
      description="The name and logo your members see."
      testId="workspace-details"
      form={form}
      image={logo}
      onSubmit={save}
      changed={changed}
      canSave={canSave}
      pending={update.isPending}
      saveLabel="Save"
    >
      <ImagePicker
        preview={
          <WorkspaceLogo
            workspace={{ name: form.values.name || workspace.name, logo: logo.picked?.url ?? workspace.logo }}
            size={72}
            radius="lg"
            data-testid="workspace-logo-preview"
          />
        }
        accept={LOGO_ACCEPT}
        label="Upload logo"
        hint="JPG, PNG or GIF, up to 5 MB."
        image={logo}
      />
      <TextInput label="Name" autoComplete="organization" maw={420} {...form.inputProps('name')} />
    </SettingsForm>
  );
}
