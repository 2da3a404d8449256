import {
  editProjectSchema,
  renameProjectSchema,
  type EditProjectRequest,
  type Project,
} from '@common/api/projects';
import { projectDateErrors } from '@common/projectDates';
import { firstErrors } from '@common/validation';

/** Project settings as text fields; an empty field is no value. */
export interface SettingsDraft {
  name: string;
  client_name: string;
  primary_contact: string;
  start_date: string;
  due_date: string;
  description: string;
}

export type SettingsField = keyof SettingsDraft;
export const SETTINGS_FIELDS: readonly SettingsField[] = [
  'name',
  'client_name',
  'primary_contact',
  'start_date',
  'due_date',
  'description',
];
const OPTIONAL_FIELDS = ['client_name', 'primary_contact', 'start_date', 'due_date', 'description'] as const;

export function settingsDraftFrom(project: Project): SettingsDraft {
  return {
    name: project.name,
    client_name: project.client_name ?? '',
    primary_contact: project.primary_contact ?? '',
    start_date: project.start_date ?? '',
    due_date: project.due_date ?? '',
    description: project.description ?? '',
  };
}

const valueOf = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * What Save sends: a new name goes by PUT /projects/{id} (its own message and refusal), the
 * other changed fields by PATCH; an emptied field is sent as null.
 */
export function settingsChanges(draft: SettingsDraft, project: Project) {
  const before = settingsDraftFrom(project);
  const name = draft.name.trim() !== project.name ? draft.name.trim() : null;
  const patch: EditProjectRequest = {};
  for (const field of OPTIONAL_FIELDS)
    if (valueOf(draft[field]) !== valueOf(before[field])) patch[field] = valueOf(draft[field]);
  return { name, patch };
}

export function hasSettingsChanges(draft: SettingsDraft, project: Project): boolean {
  const { name, patch } = settingsChanges(draft, project);
  return name !== null || Object.keys(patch).length > 0;
}

/**
 * The first message per field: the contract's text rules, then the date rules. A start date is
 * checked against today only when it changes, so a running project keeps its past start.
 */
export function settingsErrors(
  draft: SettingsDraft,
  project: Project,
  today: string,
): Partial<Record<SettingsField, string>> {
  const { patch } = settingsChanges(draft, project);
  const errors: Partial<Record<SettingsField, string>> = {
    ...firstErrors(renameProjectSchema, { name: draft.name }),
    ...firstErrors(editProjectSchema, patch),
  };
  const dates = projectDateErrors(
    { start_date: valueOf(draft.start_date), due_date: valueOf(draft.due_date) },
    today,
    'start_date' in patch,
  );
  for (const [field, list] of Object.entries(dates)) errors[field as SettingsField] ??= list[0];
  return errors;
}
