import { messages } from '@common/validation';

export interface ImageFileRule {
  /** The file picker's filter ('.jpg,.png'). */
  accept: string;
  /** Null when the file fits, else '{field} should be a valid file.'. */
  problem: (file: { name: string; size: number }) => string | null;
}

/** An image picked for a field: one of the extensions, not empty, at most `maxBytes`. */
export function imageFileRule(field: string, extensions: readonly string[], maxBytes: number): ImageFileRule {
  return {
    accept: extensions.map((ext) => `.${ext}`).join(','),
    problem(file) {
      const dot = file.name.lastIndexOf('.');
      const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
      if (!extensions.includes(extension) || file.size === 0 || file.size > maxBytes)
        return messages.file(field);
      return null;
    },
  };
}
