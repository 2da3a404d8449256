import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { GENERIC_ERROR } from '@common/api/errors';
import { SNACKBAR_MS } from '@common/limits';

export type SnackbarKind = 'info' | 'success' | 'error';

export interface SnackbarInput {
  title: string;
  description?: string;
}

/**
 * Bottom left, where desktop snackbars sit: the top right holds the pages' main actions (Share,
 * Activity, Settings, New Project) and the bottom right the support chat's launcher.
 */
export const SNACKBAR_POSITION = 'bottom-left' as const;

const look = {
  info: { color: 'brand', icon: <IconInfoCircle size={18} /> },
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  error: { color: 'red', icon: <IconAlertTriangle size={18} /> },
} as const;

/** The one way the app shows a snackbar (spec: info, success or error; closes after 9000 ms). */
export function showSnackbar(kind: SnackbarKind, { title, description }: SnackbarInput): string {
  return notifications.show({
    title,
    message: description ?? null,
    color: look[kind].color,
    icon: look[kind].icon,
    autoClose: SNACKBAR_MS,
    position: SNACKBAR_POSITION,
    withCloseButton: true,
    radius: 'md',
    withBorder: true,
    'data-snackbar': kind,
  });
}

export const snackbar = {
  info: (input: SnackbarInput) => showSnackbar('info', input),
  success: (input: SnackbarInput) => showSnackbar('success', input),
  /** Without a title the spec's generic message is shown. */
  error: (input: Partial<SnackbarInput> = {}) =>
    showSnackbar('error', { title: input.title ?? GENERIC_ERROR, description: input.description }),
};
