import { z } from 'zod';

/**
 * A role as a caller may name it: today's short name ('collaborator') or the spec's type
 * ('ProjectCollaborator', 'WorkspaceAdmin'), both read as the short name. Anything else is 422
 * 'Invalid option', listing both spellings. Answers send the short name.
 */
export function roleField<R extends string, T extends string>(
  table: Record<R, { type: T }>,
  allowed: readonly R[],
) {
  const byName = new Map<string, R>();
  for (const role of allowed) byName.set(role, role);
  for (const role of allowed) byName.set(table[role].type, role);
  const names = [...byName.keys()] as [R | T, ...(R | T)[]];
  // A codec, not a transform: answers that carry a role (view options) are encoded through the
  // same schema, and a short name is already a name the field takes.
  // Typed as plain strings: the generic enum's mapped types do not simplify inside the codec.
  const input = z.enum(names as [string, ...string[]]);
  const output = z.enum(allowed as [R, ...R[]]);
  return z.codec(input, output, {
    decode: (name) => byName.get(name) as z.output<typeof output>,
    encode: (role): string => role,
  });
}
