import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@common/limits';
import { messages } from '@common/validation';

/** The logo picker's filter: the allowed image types (account-side §5), as for avatars. */
export const LOGO_ACCEPT = AVATAR_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Null when the file can be a logo, else 'Logo should be a valid file.'. */
export function logoProblem(file: { name: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const allowed = (AVATAR_EXTENSIONS as readonly string[]).includes(extension);
  if (!allowed || file.size === 0 || file.size > AVATAR_MAX_BYTES) return messages.file('Logo');
  return null;
}
