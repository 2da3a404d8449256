import { FROM_PARAM } from '@web/auth/redirectTarget';

/**
 * Where the invitation page's buttons lead. Sign up carries the hash (ih), its kind and the
 * invited e-mail, and lands in the workspace it joins; Log in comes back to the invitation to
 * accept it.
 */
export function invitationLinks(hash: string, email: string, workspaceId: number) {
  const invitationPage = `/workspaces/invitations/${encodeURIComponent(hash)}?${new URLSearchParams({ em: email }).toString()}`;
  const signup = new URLSearchParams({
    ih: hash,
    type: 'workspace',
    em: email,
    [FROM_PARAM]: `/user/workspaces/${workspaceId}`,
  });
  const login = new URLSearchParams({ [FROM_PARAM]: invitationPage, em: email });
  return { signup: `/signup?${signup.toString()}`, login: `/login?${login.toString()}` };
}
