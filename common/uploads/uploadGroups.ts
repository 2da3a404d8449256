import { truncate } from '../text';
import type { UploadRecord } from './uploadRecord';
import { DISPLAY_PRIORITY, isActive } from './uploadStates';

/** §9: an upload group's title is cut at 40 characters. */
export const UPLOAD_GROUP_TITLE_MAX = 40;

export interface UploadGroup {
  projectId: number;
  title: string;
  /** The name uncut, for a tooltip. */
  fullTitle: string;
  records: UploadRecord[];
  activeCount: number;
}

/** Rows in display priority (§4), then in the order they arrived. */
export function byDisplayPriority(a: UploadRecord, b: UploadRecord): number {
  return DISPLAY_PRIORITY[a.state] - DISPLAY_PRIORITY[b.state] || a.seq - b.seq;
}

/** The Upload Box's groups, one per project, in the order the projects first appeared. */
export function groupUploads(records: readonly UploadRecord[]): UploadGroup[] {
  const groups = new Map<number, UploadGroup>();
  for (const record of [...records].sort((a, b) => a.seq - b.seq)) {
    const { projectId, projectName } = record.target;
    let group = groups.get(projectId);
    if (!group) {
      group = {
        projectId,
        title: truncate(projectName, UPLOAD_GROUP_TITLE_MAX),
        fullTitle: projectName,
        records: [],
        activeCount: 0,
      };
      groups.set(projectId, group);
    }
    group.records.push(record);
    if (isActive(record.state)) group.activeCount += 1;
  }
  for (const group of groups.values()) group.records.sort(byDisplayPriority);
  return [...groups.values()];
}
