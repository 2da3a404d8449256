import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@common/limits';
import { imageFileRule } from '@web/forms/imageFile';

const logoFile = imageFileRule('Logo', AVATAR_EXTENSIONS, AVATAR_MAX_BYTES);

/** The logo picker's filter: the allowed image types (account-side §5), as for avatars. */
export const LOGO_ACCEPT = logoFile.accept;

/** Null when the file can be a logo, else 'Logo should be a valid file.'. */
export const logoProblem = logoFile.problem;
