import {
  projectsViewOptionsSchema,
  type Label,
  type ProjectFilters,
  type ProjectsViewOptions,
} from '@common/api/projects';
import { PROJECT_ROLES } from '@common/projectRoles';
import type { ProjectListParams } from '@web/features/projects/api/projects';

/** The options of a user who never changed any (§3: sort priority, ascending, no filter, size 50). */
export const DEFAULT_VIEW_OPTIONS: ProjectsViewOptions = projectsViewOptionsSchema.parse({});

/** What the list call asks for, from the saved options and the search box. */
export function listParams(options: ProjectsViewOptions, search: string): ProjectListParams {
  return {
    sort_by: options.sort,
    sort_order: options.sort_ascending ? 'asc' : 'desc',
    filters: options.filter,
    q: search.trim(),
  };
}

export interface FilterChip {
  key: keyof ProjectFilters;
  label: string;
}

/** The active filters as removable chips, in the menu's order. */
export function filterChips(filter: ProjectFilters, labels: readonly Label[]): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filter.priority) chips.push({ key: 'priority', label: 'Priority' });
  if (filter.new_assets) chips.push({ key: 'new_assets', label: 'New assets' });
  if (filter.unresolved_comments) chips.push({ key: 'unresolved_comments', label: 'Unresolved comments' });
  if (filter.role) chips.push({ key: 'role', label: roleFilterLabel(filter.role) });
  if (filter.label_id !== undefined) {
    const label = labels.find((l) => l.id === filter.label_id);
    chips.push({ key: 'label_id', label: `Label: ${label?.name ?? 'unknown'}` });
  }
  return chips;
}

/** 'I'm {role name}' (§6). */
export function roleFilterLabel(role: keyof typeof PROJECT_ROLES): string {
  return `I'm ${PROJECT_ROLES[role].label}`;
}

export function withoutFilter(filter: ProjectFilters, key: keyof ProjectFilters): ProjectFilters {
  const next = { ...filter };
  delete next[key];
  return next;
}

/**
 * Dragging sets the order of the whole list, so it is offered only when the whole list is on
 * screen: no filter and no search.
 */
export function canReorder(options: ProjectsViewOptions, search: string): boolean {
  return filterChips(options.filter, []).length === 0 && search.trim() === '';
}

/** The item size slider (0–100, default 50) as the smallest card width: 200 px to 440 px. */
export function cardMinWidth(itemSize: number): number {
  const size = Math.min(100, Math.max(0, itemSize));
  return Math.round(200 + size * 2.4);
}

export { reorder } from '@web/components/sortable/reorder';
