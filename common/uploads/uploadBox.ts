import type { UploadRecord } from './uploadRecord';
import { isActive } from './uploadStates';

/** §9: the popup closes this long after the last upload succeeded. */
export const UPLOAD_BOX_CLOSE_MS = 1000;

/** §2: the popup opens by itself when active uploads go from none to some. */
export function opensUploadBox(activeBefore: number, activeNow: number): boolean {
  return activeBefore === 0 && activeNow > 0;
}

/**
 * §2: the popup closes (after UPLOAD_BOX_CLOSE_MS) once every upload that was neither aborted
 * nor failed has succeeded. Only when there is something to have finished: an empty box stays
 * as the user left it.
 */
export function closesUploadBox(records: readonly UploadRecord[]): boolean {
  if (records.length === 0) return false;
  return records.every((r) => r.state === 'succeeded' || r.state === 'aborted' || r.state === 'failed');
}

/** §5: leaving the page with uploads under way asks first. */
export function warnsOnLeave(records: readonly UploadRecord[]): boolean {
  return records.some((r) => isActive(r.state));
}
