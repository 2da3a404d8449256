import { useState, type FormEvent } from 'react';
import { Checkbox, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import type { Project } from '@common/api/projects';
import { NAME_MAX } from '@common/limits';
import { useCreateProject } from '@web/features/projects/api/projects';
import { splitServerErrors } from '@web/forms/serverErrors';
import { ActionModal } from './ActionModal';
import { OptionCard } from '@web/components/cards/OptionCard';
import { DialogAlert, DialogButtons, SuspendedTag } from './DialogParts';
import { localToday } from '@web/features/projects/list/projectFormat';
import {
  createProjectErrors,
  createProjectRequest,
  EMPTY_CREATE_PROJECT,
  type CreateProjectField,
  type CreateProjectValues,
} from './createProjectForm';
import type { WorkspaceChoice } from './workspaceChoice';

const FIELDS: CreateProjectField[] = ['name', 'workspace_id', 'client_name', 'start_date', 'due_date'];
const START_AT = [
  { value: 'r0', title: 'Unretouched Images', hint: 'Start at R0' },
  { value: 'r1', title: 'Retouched Images', hint: 'Start at R1' },
] as const;

/**
 * 'Create New Project' (§5). Field messages show once a field was edited or the form submitted;
 * the server's 422 messages show under their fields. Refusals about the workspace (suspended,
 * project limit) are handed to `onRefused`, which shows the spec's dialogs.
 */
export function CreateProjectModal({
  opened,
  choice,
  onClose,
  onCreated,
  onRefused,
}: {
  opened: boolean;
  choice: WorkspaceChoice;
  onClose: () => void;
  onCreated: (project: Project) => void;
  /** Answers true when it showed a dialog for the failure. */
  onRefused: (error: unknown, workspaceId: number) => boolean;
}) {
  const create = useCreateProject();
  const [values, setValues] = useState<CreateProjectValues>(() => ({
    ...EMPTY_CREATE_PROJECT,
    workspaceId: choice.preselected === null ? null : String(choice.preselected),
  }));
  const [touched, setTouched] = useState<Partial<Record<CreateProjectField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CreateProjectField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const today = localToday();
  const errors = createProjectErrors(values, today);

  const errorOf = (field: CreateProjectField, seen = touched[field]) =>
    serverErrors[field] ?? (submitted || seen ? errors[field] : undefined);

  function set<K extends keyof CreateProjectValues>(
    key: K,
    value: CreateProjectValues[K],
    field?: CreateProjectField,
  ) {
    setValues((current) => ({ ...current, [key]: value }));
    if (field) {
      setTouched((current) => ({ ...current, [field]: true }));
      setServerErrors((current) => ({ ...current, [field]: undefined }));
    }
    setFormError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const body = createProjectRequest(values);
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => {
        if (onRefused(error, body.workspace_id)) return;
        const split = splitServerErrors(error, FIELDS);
        setServerErrors(split.fields);
        setFormError(split.form);
      },
    });
  }

  const selectData = choice.options.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
  const noteOf = (value: string) => choice.options.find((o) => o.value === value)?.note;
  // Once both dates are set, an order mistake shows under both, edited or not.
  const dateError = (field: CreateProjectField) =>
    errorOf(field, values.startDate && values.dueDate ? true : touched[field]);

  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      busy={create.isPending}
      icon={<IconFolderPlus size={22} color="var(--mantine-color-brand-6)" />}
      title="Create New Project"
      size={560}
    >
      <form onSubmit={submit} noValidate data-testid="create-project-form">
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="e.g. Spring Campaign 2027"
            required
            data-autofocus
            maxLength={NAME_MAX + 20}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            onBlur={() => values.name && setTouched((t) => ({ ...t, name: true }))}
            error={errorOf('name')}
          />
          {!choice.hidden && (
            <Select
              label="Workspace"
              placeholder="Choose a workspace"
              required
              data={selectData}
              value={values.workspaceId}
              allowDeselect={false}
              onChange={(value) => set('workspaceId', value, 'workspace_id')}
              error={errorOf('workspace_id')}
              comboboxProps={{ withinPortal: true }}
              renderOption={({ option }) => (
                <Group justify="space-between" wrap="nowrap" w="100%">
                  <Text size="sm" truncate>
                    {option.label}
                  </Text>
                  {option.disabled && <SuspendedTag label={noteOf(option.value)} />}
                </Group>
              )}
            />
          )}
          <TextInput
            label="Client name"
            placeholder="Optional"
            value={values.clientName}
            onChange={(event) => set('clientName', event.currentTarget.value, 'client_name')}
            error={errorOf('client_name')}
          />
          <SimpleGrid cols={2} spacing="md">
            <TextInput
              type="date"
              label="Start date"
              min={today}
              max={values.dueDate || undefined}
              value={values.startDate}
              onChange={(event) => set('startDate', event.currentTarget.value, 'start_date')}
              error={dateError('start_date')}
            />
            <TextInput
              type="date"
              label="Due date"
              min={values.startDate || today}
              value={values.dueDate}
              onChange={(event) => set('dueDate', event.currentTarget.value, 'due_date')}
              error={dateError('due_date')}
            />
          </SimpleGrid>
          <Radio.Group
            label="Where are you starting?"
            value={values.startAt}
            onChange={(value) => set('startAt', value === 'r1' ? 'r1' : 'r0')}
          >
            <SimpleGrid cols={2} spacing="sm" mt={6}>
              {START_AT.map((start) => (
                <OptionCard key={start.value} value={start.value} alignTop>
                  <div>
                    <Text size="sm" fw={600}>
                      {start.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {start.hint}
                    </Text>
                  </div>
                </OptionCard>
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Checkbox
            label="Invite all workspace members"
            description="Everyone in the workspace joins the project as a collaborator."
            checked={values.inviteAllMembers}
            onChange={(event) => set('inviteAllMembers', event.currentTarget.checked)}
          />
          {formError && <DialogAlert testId="create-project-error">{formError}</DialogAlert>}
          <DialogButtons label="Create Project" busy={create.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </ActionModal>
  );
}
