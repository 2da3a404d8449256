import { z } from 'zod';

/**
 * A role as a caller may name it: today's short name ('collaborator') or the spec's type
 * ('ProjectCollaborator', 'WorkspaceAdmin'), both read as the short name. Anything else is 422
 * 'Invalid option', listing both spellings.
 */
export function roleField<R extends string, T extends string>(
  table: Record<R, { type: T }>,
  allowed: readonly R[],
) {
  const byName = new Map<string, R>();
  for (const role of allowed) byName.set(role, role);
  for (const role of allowed) byName.set(table[role].type, role);
  const names = [...byName.keys()] as [R | T, ...(R | T)[]];
  return z.enum(names).transform((name): R => byName.get(name)!);
}
