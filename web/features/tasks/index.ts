/**
 * The tasks feature's public face (tasks: the panel, rows, form, due dates and queries). Screens and
 * other features import from here only (eslint.config.js keeps the wall); the files behind it are the
 * feature's own.
 */
export { TasksButton } from './TasksButton';
