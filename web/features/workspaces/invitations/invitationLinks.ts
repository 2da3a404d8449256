import { FROM_PARAM } from '@web/auth/redirectTarget';

export type InvitationKind = 'workspace' | 'project';

/**
 * Where the invitation page's buttons lead. Sign up carries the hash (ih), its kind and the
 * invited e-mail, and lands where the invitation leads (the workspace, or the project); Log in
 * comes back to the invitation to accept it.
 */
export function invitationLinks(
  hash: string,
  email: string,
  target: { kind: InvitationKind; landing: string },
) {
  const page = `/${target.kind}s/invitations/${encodeURIComponent(hash)}?${new URLSearchParams({ em: email }).toString()}`;
  const signup = new URLSearchParams({
    ih: hash,
    type: target.kind,
    em: email,
    [FROM_PARAM]: target.landing,
  });
  const login = new URLSearchParams({ [FROM_PARAM]: page, em: email });
  return { signup: `/signup?${signup.toString()}`, login: `/login?${login.toString()}` };
}
