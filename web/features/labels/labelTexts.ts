import { LABEL_COLORS } from '@common/labelColors';
import { messages } from '@common/validation';
import { isApiError } from '@web/api/client';

/** createLabelSchema and editLabelSchema allow names up to 50 characters. */
export const LABEL_NAME_MAX = 50;

export const LABEL_TEXTS = {
  deleteTitle: 'Delete Label',
  deleteWorkspaceLabel: (name: string) =>
    `**${name}** will be deleted and taken off every project of this workspace.`,
  deleteProjectLabel: (name: string) =>
    `**${name}** will be deleted and taken off the assets of this project.`,
  deleteCheckbox: 'I understand that this cannot be undone.',
} as const;

/** Names for the palette's colours, so a swatch can be told apart without seeing it. */
const COLOR_NAMES = ['Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Purple', 'Pink', 'Grey'] as const;

export function colorName(base: string): string {
  const index = LABEL_COLORS.findIndex((c) => c.base.toLowerCase() === base.toLowerCase());
  return COLOR_NAMES[index] ?? base;
}

/** What the server would refuse in a name, said before asking it (the spec's text rules). */
export function labelNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return messages.required('Name');
  if (trimmed.length > LABEL_NAME_MAX) return messages.maxLength('Name', LABEL_NAME_MAX);
  return null;
}

/** The server's message for the name field (422 details.name: e.g. 'This name already exists'). */
export function nameErrorOf(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return error.fieldMessages('name')[0] ?? error.message;
}
