import { useState } from 'react';
import { Button, Divider, Group, Loader, SimpleGrid, Stack, Tabs, Textarea, TextInput } from '@mantine/core';
import { PROJECT_DESCRIPTION_MAX, PROJECT_TEXTS, type Project } from '@common/api/projects';
import { can } from '@common/projectRoles';
import { isApiError } from '@web/api/client';
import { useEditProject, useProject, useRenameProject } from '@web/features/projects/api/project';
import { FormAlert } from '@web/components/auth/FormAlert';
import { LoadError } from '@web/components/page/LoadError';
import { snackbar } from '@web/components/snackbar/snackbar';
import { splitServerErrors } from '@web/forms/serverErrors';
import { actorOf } from '@web/features/projects/actions/projectActions';
import { localToday } from '@web/features/projects/list/projectFormat';
import { ProjectCoverField } from './ProjectCoverField';
import { ProjectLabelsSettings } from './ProjectLabelsSettings';
import { ProjectModal, type ProjectModalProps } from '@web/components/modal/ProjectModal';
import {
  hasSettingsChanges,
  settingsChanges,
  settingsDraftFrom,
  settingsErrors,
  SETTINGS_FIELDS,
  type SettingsDraft,
  type SettingsField,
} from './settingsDraft';

export const SETTINGS_TEXTS = {
  title: 'Project Settings',
  readOnly: 'Only the project owner can change these settings.',
} as const;

function SettingsForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const editable = can(actorOf(project), 'projects.edit');
  const rename = useRenameProject(project.id);
  const edit = useEditProject(project.id);
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraftFrom(project));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<SettingsField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const errors = settingsErrors(draft, project, localToday());
  const changed = hasSettingsChanges(draft, project);
  const pending = rename.isPending || edit.isPending;

  function field(name: SettingsField) {
    return {
      value: draft[name],
      readOnly: !editable,
      error:
        serverErrors[name] ??
        (submitted || draft[name] !== settingsDraftFrom(project)[name] ? errors[name] : undefined),
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value;
        setDraft((current) => ({ ...current, [name]: value }));
        setServerErrors((current) => ({ ...current, [name]: undefined }));
        setFormError(null);
      },
    };
  }

  function fail(error: unknown) {
    // A suspended workspace refuses the change: 'Oops! You can’t edit the project name of a suspended workspace.'
    if (isApiError(error, 'inactive_workspace'))
      return snackbar.error({ title: error.message || PROJECT_TEXTS.suspendedNameEdit });
    const split = splitServerErrors(error, SETTINGS_FIELDS);
    setServerErrors(split.fields);
    setFormError(split.form);
  }

  async function save() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const { name, patch } = settingsChanges(draft, project);
    try {
      if (name !== null) await rename.mutateAsync(name);
      if (Object.keys(patch).length > 0) await edit.mutateAsync(patch);
    } catch (error) {
      return fail(error);
    }
    snackbar.success({
      title: Object.keys(patch).length > 0 ? PROJECT_TEXTS.updated : PROJECT_TEXTS.nameUpdated,
    });
    onClose();
  }

  return (
    <Stack gap="lg" data-testid="project-settings">
      {!editable && <FormAlert kind="info">{SETTINGS_TEXTS.readOnly}</FormAlert>}
      {formError && <FormAlert>{formError}</FormAlert>}
      <ProjectCoverField project={project} editable={editable} />
      <Divider />
      <TextInput label="Project name" required={editable} {...field('name')} />
      <SimpleGrid cols={2} spacing="md" verticalSpacing="lg">
        <TextInput
          label="Client name"
          placeholder={editable ? 'Who the work is for' : undefined}
          {...field('client_name')}
        />
        <TextInput
          label="Primary contact"
          placeholder={editable ? 'Name or e-mail' : undefined}
          {...field('primary_contact')}
        />
        <TextInput type="date" label="Start date" {...field('start_date')} />
        <TextInput type="date" label="Due date" min={draft.start_date || undefined} {...field('due_date')} />
      </SimpleGrid>
      <Textarea
        label="Description"
        size="md"
        placeholder={editable ? 'What this project is about, for everyone who joins' : undefined}
        autosize
        minRows={3}
        maxRows={8}
        description={editable ? `${draft.description.length}/${PROJECT_DESCRIPTION_MAX}` : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...field('description')}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pending}>
          {editable ? 'Cancel' : 'Close'}
        </Button>
        {editable && (
          <Button onClick={() => void save()} loading={pending} disabled={!changed}>
            Save Changes
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function SettingsBody({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const project = useProject(projectId);
  if (project.isPending)
    return <Loader role="status" aria-label="Loading" mx="auto" my="xl" display="block" />;
  if (project.isError) return <LoadError onRetry={() => void project.refetch()} />;
  // A workspace owner outside the project does not see its labels (labels.see): details only.
  if (!can(actorOf(project.data), 'labels.see'))
    return <SettingsForm project={project.data} onClose={onClose} />;
  return (
    <Tabs defaultValue="details" keepMounted={false}>
      <Tabs.List mb="lg">
        <Tabs.Tab value="details">Details</Tabs.Tab>
        <Tabs.Tab value="labels">Labels</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">
        <SettingsForm project={project.data} onClose={onClose} />
      </Tabs.Panel>
      <Tabs.Panel value="labels">
        <ProjectLabelsSettings project={project.data} onClose={onClose} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * Project settings (projects-side §2): name, client, primary contact, dates, cover and
 * description; read-only for whoever may not edit the project. A second tab manages the project's
 * own labels (the ones its assets carry) and their order.
 */
export function ProjectSettingsModal({ projectId, opened, onClose }: ProjectModalProps) {
  return (
    <ProjectModal title={SETTINGS_TEXTS.title} opened={opened} onClose={onClose} size={640}>
      <SettingsBody projectId={projectId} onClose={onClose} />
    </ProjectModal>
  );
}
