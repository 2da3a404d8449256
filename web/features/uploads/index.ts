/**
 * The uploads feature's public face (the upload box: tus transfers, the queue, drop zones and
 * buttons). Screens and other features import from here only (eslint.config.js keeps the wall); the
 * files behind it are the feature's own.
 */
export { type DropSpot, FileDropZone } from './FileDropZone';
export { UploadButton } from './UploadButton';
export { UploadFilesButton } from './UploadFilesButton';
export { uploadStore, useUploadTarget } from './uploads';
