import { useEffect, useRef } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { renameAssetSchema, type AssetView } from '@common/api/assets';
import { ProjectModal } from '@web/components/modal/ProjectModal';
import { useZodForm } from '@web/forms/useZodForm';

/** The base name is selected when the dialog opens, so typing replaces it and keeps the extension. */
function selectBaseName(input: HTMLInputElement | null) {
  if (!input) return;
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
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // After the modal's own focus handling has put the caret in the field.
    const timer = setTimeout(() => selectBaseName(input.current), 30);
    return () => clearTimeout(timer);
  }, []);
  return (
    <form onSubmit={form.onSubmit(({ filename }) => onSubmit(filename.trim()))} noValidate>
      <Stack gap="lg">
        <TextInput ref={input} label="Filename" data-autofocus {...form.inputProps('filename')} />
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
