import { useEffect, useState } from 'react';
import { isApiError } from '@web/api/client';
import type { SplitErrors } from './serverErrors';

export interface PickedImage {
  file: File;
  /** An object URL to preview it, revoked once another is picked or the form goes. */
  url: string;
}

/** The parts of a `useZodForm` that show a failed save. */
interface FormErrors {
  showServerError: (error: unknown) => SplitErrors;
  setFormError: (message: string | null) => void;
}

/**
 * An image picked for a form's file field (an avatar, a logo): previewed until it is saved or
 * discarded, with the file rule's message (`problemOf`) or the server's beside the picker.
 */
export function usePickedImage(field: string, problemOf: (file: File) => string | null) {
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  function pick(file: File) {
    const problem = problemOf(file);
    setError(problem);
    setPicked(problem ? null : { file, url: URL.createObjectURL(file) });
  }

  function discard() {
    setPicked(null);
    setError(null);
  }

  /**
   * Shows a failed save: a file too large or refused beside the picker, the other fields'
   * messages under them. False when no field took it: the caller tells it another way.
   */
  function showSaveError(failure: unknown, form: FormErrors): boolean {
    const split = form.showServerError(failure);
    const message = isApiError(failure, 'payload_too_large')
      ? failure.message
      : isApiError(failure)
        ? failure.fieldMessages(field)[0]
        : undefined;
    if (message) {
      form.setFormError(null);
      setError(message);
      return true;
    }
    if (Object.keys(split.fields).length > 0) return true;
    form.setFormError(null);
    return false;
  }

  return { picked, error, pick, discard, saved: () => setPicked(null), showSaveError };
}
