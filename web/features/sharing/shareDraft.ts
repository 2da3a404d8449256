import { SHARE_PASSWORD_MIN, type Project, type ShareRequest } from '@common/api/projects';
import { messages } from '@common/validation';

/** The 'Share a Public Link' form as the member edits it. */
export interface ShareDraft {
  downloadable: boolean;
  /** The link's viewers see the team's comments (off by default). */
  showComments: boolean;
  /** The link asks for a password. */
  protect: boolean;
  /** A new password; blank keeps the one the link has. */
  password: string;
  /** The link stops working after this day. */
  expires: boolean;
  /** YYYY-MM-DD, the last day the link opens (in the member's time zone). */
  expiryDate: string;
}

type ShareState = Pick<
  Project,
  'share_hash' | 'share_hash_downloadable' | 'share_show_comments' | 'share_has_password' | 'share_expires_at'
>;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** YYYY-MM-DD of an instant in the browser's time zone. */
export function localDate(instant: Date): string {
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** The last moment of a local day, as the ISO instant the server keeps. */
export function endOfLocalDay(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}

/** The form as the link is now; a new link starts view-only, without comments, open and without expiry. */
export function draftFrom(project: ShareState): ShareDraft {
  return {
    downloadable: project.share_hash ? project.share_hash_downloadable : false,
    showComments: project.share_hash ? project.share_show_comments : false,
    protect: project.share_hash ? project.share_has_password : false,
    password: '',
    expires: Boolean(project.share_hash && project.share_expires_at),
    expiryDate: project.share_expires_at ? localDate(new Date(project.share_expires_at)) : '',
  };
}

/**
 * What the form sends (API.md 'Sharing'): a password only when a new one is typed, null to take
 * it off, nothing to keep it; the same for the expiry.
 */
export function shareRequestFrom(draft: ShareDraft, project: ShareState): ShareRequest {
  const request: ShareRequest = { downloadable: draft.downloadable, show_comments: draft.showComments };
  if (!draft.protect) {
    if (project.share_has_password) request.password = null;
  } else if (draft.password) {
    request.password = draft.password;
  }
  if (draft.expires && draft.expiryDate) request.expires_at = endOfLocalDay(draft.expiryDate);
  else if (project.share_expires_at) request.expires_at = null;
  return request;
}

/** Why the form cannot be sent yet, or null. */
export function shareDraftProblem(draft: ShareDraft, project: ShareState, today: string): string | null {
  if (draft.protect && !draft.password && !(project.share_hash && project.share_has_password))
    return 'Enter a password for the link.';
  if (draft.protect && draft.password && draft.password.length < SHARE_PASSWORD_MIN)
    return messages.minLength('Password', SHARE_PASSWORD_MIN);
  if (draft.expires && !draft.expiryDate) return 'Choose the last day the link works.';
  if (draft.expires && draft.expiryDate < today) return 'The expiry date cannot be in the past.';
  return null;
}

/** The form differs from the link as it is (Save is offered only then). */
export function shareDraftChanged(draft: ShareDraft, project: ShareState): boolean {
  const now = draftFrom(project);
  return (
    draft.downloadable !== now.downloadable ||
    draft.showComments !== now.showComments ||
    draft.protect !== now.protect ||
    draft.password !== '' ||
    draft.expires !== now.expires ||
    (draft.expires && draft.expiryDate !== now.expiryDate)
  );
}
