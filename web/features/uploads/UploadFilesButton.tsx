import { useRef } from 'react';
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { UploadTarget } from '@common/uploads/uploadRecord';
import { FilePickerInput } from './FilePickerInput';
import { uploadStore } from './uploads';

/** A button that picks files and sends them to `target` through the Upload Box. */
export function UploadFilesButton({
  target,
  label = 'Upload Files',
  variant = 'filled',
}: {
  target: UploadTarget;
  label?: string;
  variant?: 'filled' | 'default' | 'light';
}) {
  const picker = useRef<HTMLInputElement>(null);
  const single = target.assetId !== null;
  return (
    <>
      <Button
        variant={variant}
        leftSection={<IconUpload size={16} />}
        onClick={() => picker.current?.click()}
      >
        {label}
      </Button>
      <FilePickerInput
        ref={picker}
        multiple={!single}
        testId="upload-files-input"
        onFiles={(files) => uploadStore.addFiles(files, target)}
      />
    </>
  );
}
