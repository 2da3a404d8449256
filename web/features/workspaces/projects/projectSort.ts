import type { WorkspaceProject } from '@common/api/projects';

/**
 * The Projects tab's list (account-side §2, §3): items and their sort options by_name,
 * by_date_added and by_size, ascending or descending. The server answers by name; the tab sorts
 * the list it holds, so changing the sort asks nothing again.
 */
/** An item of GET /workspaces/{id}/projects (common/api/projects.ts). */
export type WorkspaceProjectItem = WorkspaceProject;

export const PROJECT_SORTS = [
  { value: 'by_name', label: 'Name' },
  { value: 'by_date_added', label: 'Date created' },
  { value: 'by_size', label: 'Size' },
] as const;
export type ProjectSortBy = (typeof PROJECT_SORTS)[number]['value'];
export type SortDirection = 'asc' | 'desc';

export interface ProjectSort {
  by: ProjectSortBy;
  direction: SortDirection;
}

export const DEFAULT_PROJECT_SORT: ProjectSort = { by: 'by_date_added', direction: 'desc' };

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(a: WorkspaceProjectItem, b: WorkspaceProjectItem, by: ProjectSortBy): number {
  switch (by) {
    case 'by_name':
      return collator.compare(a.name, b.name);
    case 'by_date_added':
      return Date.parse(a.created_at) - Date.parse(b.created_at);
    case 'by_size':
      return a.storage_used_in_bytes - b.storage_used_in_bytes;
  }
}

/** A sorted copy; ties keep a stable order by id. */
export function sortProjects(
  items: readonly WorkspaceProjectItem[],
  sort: ProjectSort,
): WorkspaceProjectItem[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => sign * compare(a, b, sort.by) || a.id - b.id);
}

/** Bytes as B, KB, MB, GB or TB with at most one decimal. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${rounded} ${units[unit]}`;
}
