/**
 * The project page's public face: what the page of one project puts together from the features below
 * it (its header with tasks and the comment export, its panels with sharing and downloads, its
 * folders and their assets with the upload buttons). Screens import from here only (eslint.config.js
 * keeps the wall); the files behind it are the feature's own.
 */
export { BackToProject, FolderContent } from './FolderContent';
export { ProjectFolders } from './ProjectFolders';
export { ProjectHeader } from './ProjectHeader';
export { useProjectPanels } from './useProjectPanels';
