/** The label palette: each base colour with the darker shade shown on hover (projects-side §3 Label). */
export const LABEL_COLORS = [
  { base: '#E5484D', hover: '#C4353A' },
  { base: '#F76B15', hover: '#D35A0E' },
  { base: '#F5B300', hover: '#D19A00' },
  { base: '#30A46C', hover: '#238A58' },
  { base: '#0091FF', hover: '#0077D6' },
  { base: '#8E4EC6', hover: '#753DAA' },
  { base: '#D6409F', hover: '#B83286' },
  { base: '#697177', hover: '#545B60' },
] as const;

export const LABEL_BASE_COLORS = LABEL_COLORS.map((c) => c.base) as [string, ...string[]];

export function hoverColorOf(base: string): string {
  return LABEL_COLORS.find((c) => c.base === base)?.hover ?? base;
}

/** The colour a new label gets when none is chosen: the palette in turn. */
export function nextLabelColor(existingCount: number): string {
  return LABEL_COLORS[existingCount % LABEL_COLORS.length]!.base;
}

/**
 * The labels every new project starts with (non-custom). They come before custom labels when the
 * project has no order of its own (§3: 'otherwise non-custom first, then by id').
 */
export const DEFAULT_PROJECT_LABELS = [
  { name: 'Needs Review', base: '#F5B300' },
  { name: 'In Progress', base: '#0091FF' },
  { name: 'Approved', base: '#30A46C' },
] as const;

export interface SortableLabel {
  id: number;
  custom: boolean;
  order: number | null;
}

/** §3: by order if any label has one; otherwise non-custom first, then by id. */
export function sortLabels<T extends SortableLabel>(labels: readonly T[]): T[] {
  const ordered = labels.some((l) => l.order !== null);
  return [...labels].sort((a, b) => {
    if (ordered) {
      const byOrder = (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);
      if (byOrder !== 0) return byOrder;
      return a.id - b.id;
    }
    if (a.custom !== b.custom) return a.custom ? 1 : -1;
    return a.id - b.id;
  });
}
