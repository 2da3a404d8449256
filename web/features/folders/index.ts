/**
 * The folders feature's public face (a project's folders: their grid, table, dialogs and queries).
 * Screens and other features import from here only (eslint.config.js keeps the wall); the files behind
 * it are the feature's own.
 */
export { folderKeys, useFolder, useFolders } from './api/folders';
export { FolderCollection } from './FolderCollection';
export { BackToProject, FOLDER_EMPTY_TEXTS, FolderContent } from './FolderContent';
export { folderItemsText } from './folderItems';
export { FolderSkeletons } from './FolderSkeletons';
export { ProjectFolders } from './ProjectFolders';
