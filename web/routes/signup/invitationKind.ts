/** The `type` query of /signup names what the invitation is for; anything unknown reads as a project. */
export function invitationKind(type: string | null): 'workspace' | 'project' {
  return type?.toLowerCase().includes('workspace') ? 'workspace' : 'project';
}
