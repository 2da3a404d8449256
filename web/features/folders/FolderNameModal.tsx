import { Button, Group, Stack, TextInput } from '@mantine/core';
import { folderNameSchema } from '@common/api/projects';
import { FormAlert } from '@web/components/auth/FormAlert';
import { ProjectModal } from '@web/components/modal/ProjectModal';
import { useZodForm } from '@web/forms/useZodForm';

/**
 * 'New Folder' and 'Rename Folder': one name field checked by the contract's schema; the
 * server's refusal (a name the project already has) shows under the field.
 */
function FolderNameForm({
  initialName,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initialName: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (name: string, showError: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(folderNameSchema, { name: initialName });
  const submit = form.onSubmit(({ name }) => onSubmit(name.trim(), form.showServerError));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <TextInput
          label="Folder name"
          placeholder="e.g. Final selects"
          data-autofocus
          {...form.inputProps('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={initialName !== '' && !form.isDirty}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function FolderNameModal({
  opened,
  title,
  submitLabel,
  initialName = '',
  pending,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  onSubmit: (name: string, showError: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  return (
    <ProjectModal title={title} opened={opened} onClose={onClose} size={440} closable={!pending}>
      <div data-testid="folder-name-modal">
        <FolderNameForm
          initialName={initialName}
          submitLabel={submitLabel}
          pending={pending}
          onSubmit={onSubmit}
          onCancel={onClose}
        />
      </div>
    </ProjectModal>
  );
}
