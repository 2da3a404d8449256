import { truncate } from '@common/text';

/** §5: project names are cut at 50 characters in messages. */
export const messageName = (name: string) => truncate(name, 50);

/** The menu's wording and the confirmations of removals (§5: they need a ticked checkbox). */
export const ACTION_TEXTS = {
  share: 'Share Public Link',
  invite: 'Invite Collaborators',
  download: 'Download Project',
  flag: 'Flag as Rush Priority',
  unflag: 'Remove Rush Priority',
  labels: 'Set Labels',
  archive: 'Archive',
  unarchive: 'Restore from Archive',
  hide: 'Hide',
  unhide: 'Unhide',
  transferOwnership: 'Transfer Ownership',
  transferWorkspace: 'Move to Another Workspace',
  delete: 'Delete Project',
  leave: 'Leave Project',
  deleteTitle: (n: number) => (n === 1 ? 'Delete Project' : `Delete ${n} Projects`),
  deleteBody: (names: string[]) =>
    names.length === 1
      ? `**${messageName(names[0]!)}** and all its folders, assets and comments will be deleted for everyone in the project. This cannot be undone.`
      : `**${names.length} projects** and all their folders, assets and comments will be deleted for everyone in them. This cannot be undone.`,
  deleteCheckbox: 'I understand that this cannot be undone.',
  leaveTitle: (n: number) => (n === 1 ? 'Leave Project' : `Leave ${n} Projects`),
  leaveBody: (names: string[]) =>
    names.length === 1
      ? `You will no longer see **${messageName(names[0]!)}**. To come back, someone in the project has to invite you again.`
      : `You will no longer see these **${names.length} projects**. To come back, someone in each project has to invite you again.`,
  leaveCheckbox: 'I understand that I will lose access.',
} as const;
