/**
 * The notifications feature's public face (projects-side §2: the top bar's bell with its dot, and
 * the notifications panel it opens: the project strip, each project's list, the settings). It leans
 * on account (the notification settings it shows) and projects (the strip's projects). Screens and
 * the shell import from here only (eslint.config.js keeps the wall); the files behind it are the
 * feature's own.
 */
export { NotificationsBell } from './NotificationsBell';
