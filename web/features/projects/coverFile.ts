import { COVER_EXTENSIONS, COVER_MAX_BYTES } from '@common/limits';
import { imageFileRule } from '@web/forms/imageFile';

/** A project cover: JPEG, PNG or GIF up to 10 MB; the server checks the content too. */
export const coverFile = imageFileRule('Cover', COVER_EXTENSIONS, COVER_MAX_BYTES);
