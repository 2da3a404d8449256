import { NOTIFICATION_KINDS, type NotificationKind } from '@common/api/notifications';

/** The eight notification filters of §9, as the filter dropdown names them. */
export const FILTER_LABELS: Record<NotificationKind, string> = {
  mentions: 'Mentions',
  comments: 'Comments',
  markups: 'Markups',
  replies: 'Replies',
  uploaded_assets: 'Uploaded assets',
  tasks: 'Tasks',
  flagged: 'Flagged',
  approved_assets: 'Approved assets',
};

export const ALL_FILTER = 'all';

export const FILTER_OPTIONS = [
  { value: ALL_FILTER, label: 'All notifications' },
  ...NOTIFICATION_KINDS.map((kind) => ({ value: kind, label: FILTER_LABELS[kind] })),
];

/** The panel's own words beyond the spec's (common/api/notifications.ts holds those). */
export const PANEL_TEXTS = {
  bell: 'Notifications',
  bellUnseen: 'Notifications: new activity',
  panelTitleNoProject: 'Notifications',
  filter: 'Filter notifications',
  settings: 'Notification settings',
  previousProjects: 'Previous projects',
  nextProjects: 'Next projects',
  projects: 'Projects',
  close: 'Close notifications',
  pin: 'Pin',
  unpin: 'Unpin',
  unseen: (count: string) => `${count} unseen`,
  muted: 'Muted',
  mutedNote: 'Muted: only mentions of you in this project reach you.',
  noProjects: 'Notifications appear here once you belong to a project.',
} as const;
