/** ?mode=list gives the list view; any other value (or none) the grid (projects-side §2). */
export type ViewMode = 'grid' | 'list';

export function viewModeFrom(mode: string | null): ViewMode {
  return mode === 'list' ? 'list' : 'grid';
}
