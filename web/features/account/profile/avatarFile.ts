import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@common/limits';
import { imageFileRule } from '@web/forms/imageFile';

const avatarFile = imageFileRule('Avatar', AVATAR_EXTENSIONS, AVATAR_MAX_BYTES);

/** The file picker's filter: the allowed image types (account-side §5). */
export const AVATAR_ACCEPT = avatarFile.accept;

/** Null when the file can be an avatar, else the spec's file message. */
export const avatarProblem = avatarFile.problem;
