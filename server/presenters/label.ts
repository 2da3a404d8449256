import type { Label } from '@common/api/projects';
import { sortLabels } from '@common/labelColors';
import type { LabelRow } from '../db/repositories/labels';
import { presentLabel } from './project';

/** Labels in the spec's order (§3), each with its position in `labelsOrder`. */
export function presentSortedLabels(rows: LabelRow[], labelsOrder: number[] = []): Label[] {
  return sortLabels(rows.map((row) => presentLabel(row, labelsOrder)));
}
