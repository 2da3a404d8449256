import type { Ref } from 'react';
import { ASSET_EXTENSIONS } from '@common/api/assets';

/** The extensions the file dialog offers; a name outside them is still refused when dropped. */
export const ACCEPTED_FILES = ASSET_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * A hidden file input the caller opens through `ref`: `multiple` for a project or folder, one
 * file for a new round.
 */
export function FilePickerInput({
  ref,
  multiple,
  onFiles,
  testId,
}: {
  ref: Ref<HTMLInputElement>;
  multiple: boolean;
  onFiles: (files: File[]) => void;
  testId: string;
}) {
  return (
    <input
      ref={ref}
      type="file"
      hidden
      multiple={multiple}
      accept={ACCEPTED_FILES}
      data-testid={testId}
      aria-hidden
      tabIndex={-1}
      onChange={(event) => {
        const files = Array.from(event.currentTarget.files ?? []);
        // Picking the same file again must fire a change too.
        event.currentTarget.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}
