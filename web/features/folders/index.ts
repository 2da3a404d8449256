/**
 * The folders feature's public face (a project's folders: their grid, table, menu, dialogs and
 * queries). Screens and other features import from here only (eslint.config.js keeps the wall); the
 * files behind it are the feature's own.
 */
export { folderKeys, useFolder, useFolders } from './api/folders';
export { FOLDER_NAME_MAX } from './FolderCard';
export { FolderCollection, type FolderManagement } from './FolderCollection';
export { type FolderDialog, FolderDialogs } from './FolderDialogs';
export { FOLDER_EMPTY_TEXTS, folderItemsText } from './folderItems';
export { FolderMenu } from './FolderMenu';
export { FolderSelectionBar } from './FolderSelectionBar';
export { FolderSkeletons } from './FolderSkeletons';
