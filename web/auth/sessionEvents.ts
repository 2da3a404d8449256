/**
 * What happened to the session in this tab, for the guards to word their redirects. Read during
 * render, written only by event handlers, so every render of a given moment sees the same value.
 */
let lastEnd: 'logout' | 'expired' | null = null;
let signedUpInThisTab = false;

/** Logout goes to a plain /login; an expired session (any 401) remembers the page. */
export function noteSessionEnd(reason: 'logout' | 'expired'): void {
  lastEnd = reason;
}

export function sessionEndedByLogout(): boolean {
  return lastEnd === 'logout';
}

/** Set while a sign-up is sent (and kept once it succeeded): phones then say "sign in on desktop". */
export function noteSigningUp(value: boolean): void {
  signedUpInThisTab = value;
}

export function justSignedUp(): boolean {
  return signedUpInThisTab;
}
