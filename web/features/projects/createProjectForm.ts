import { createProjectSchema, type CreateProjectRequest } from '@common/api/projects';
import { projectDateErrors } from '@common/projectDates';
import { messages, firstErrors } from '@common/validation';

/** The Create New Project form as typed: text fields are strings, '' for empty. */
export interface CreateProjectValues {
  name: string;
  workspaceId: string | null;
  clientName: string;
  startDate: string;
  dueDate: string;
  /** 'Where are you starting?': R0 Unretouched Images (default) or R1 Retouched Images. */
  startAt: 'r0' | 'r1';
  inviteAllMembers: boolean;
}

export const EMPTY_CREATE_PROJECT: CreateProjectValues = {
  name: '',
  workspaceId: null,
  clientName: '',
  startDate: '',
  dueDate: '',
  startAt: 'r0',
  inviteAllMembers: false,
};

export type CreateProjectField = 'name' | 'workspace_id' | 'client_name' | 'start_date' | 'due_date';

/** The call's body: the name trimmed (§5), empty optional fields left out. */
export function createProjectRequest(values: CreateProjectValues): CreateProjectRequest {
  return {
    name: values.name.trim(),
    workspace_id: Number(values.workspaceId),
    ...(values.clientName.trim() ? { client_name: values.clientName.trim() } : {}),
    ...(values.startDate ? { start_date: values.startDate } : {}),
    ...(values.dueDate ? { due_date: values.dueDate } : {}),
    assets_start_retouched: values.startAt === 'r1',
    invite_all_members: values.inviteAllMembers,
  };
}

/**
 * The first message per field, as the server would say it: the shared schema for the fields,
 * and the date rules of common/projectDates.ts against the user's today.
 */
export function createProjectErrors(
  values: CreateProjectValues,
  today: string,
): Partial<Record<CreateProjectField, string>> {
  const errors: Partial<Record<CreateProjectField, string>> = firstErrors(createProjectSchema, {
    ...createProjectRequest(values),
    workspace_id: values.workspaceId === null ? undefined : Number(values.workspaceId),
  });
  if (values.workspaceId === null) errors.workspace_id = messages.required('Workspace');
  const dates = projectDateErrors(
    { start_date: values.startDate || null, due_date: values.dueDate || null },
    today,
  );
  if (dates.start_date?.[0]) errors.start_date ??= dates.start_date[0];
  if (dates.due_date?.[0]) errors.due_date ??= dates.due_date[0];
  return errors;
}
