import { useRef, type FocusEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { renameAssetSchema, type AssetView } from '@common/api/assets';
import { ProjectModal } from '@web/components/modal/ProjectModal';
import { useZodForm } from '@web/forms/useZodForm';

/** The base name is selected, so typing replaces it and keeps the extension. */
function selectBaseName(input: HTMLInputElement) {
  const dot = input.value.lastIndexOf('.');
  input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
}

function RenameForm({
  asset,
  onSubmit,
  onCancel,
}: {
  asset: AssetView;
  onSubmit: (filename: string) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(renameAssetSchema, { filename: asset.name });
  // On the field's first focus, which the dialog gives it as it opens: in the focus event itself,
  // so the selection is there before anything is typed (a timer could land after the first keys).
  const selectedOnce = useRef(false);
  const onFocus = (event: FocusEvent<HTMLInputElement>) => {
    if (selectedOnce.current) return;
    selectedOnce.current = true;
    selectBaseName(event.currentTarget);
  };
  return (
    <form onSubmit={form.onSubmit(({ filename }) => onSubmit(filename.trim()))} noValidate>
      <Stack gap="lg">
        <TextInput label="Filename" data-autofocus onFocus={onFocus} {...form.inputProps('filename')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!form.isDirty}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Rename Asset', for the project owner. The dialog closes on submit: the new name shows at once
 * and goes back, with the server's reason, if it is refused (a duplicate, another type).
 */
export function RenameAssetModal({
  asset,
  onRename,
  onClose,
}: {
  asset: AssetView | null;
  onRename: (asset: AssetView, filename: string) => void;
  onClose: () => void;
}) {
  return (
    <ProjectModal title="Rename Asset" opened={asset !== null} onClose={onClose} size={460}>
      {asset && (
        <div data-testid="rename-asset-modal">
          <RenameForm
            asset={asset}
            onCancel={onClose}
            onSubmit={(filename) => {
              onClose();
              onRename(asset, filename);
            }}
          />
        </div>
      )}
    </ProjectModal>
  );
}
