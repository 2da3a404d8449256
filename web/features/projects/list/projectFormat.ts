import dayjs from 'dayjs';

/** §9: last activity MM/DD, h:mmA (project dates: common/projectDates.ts). */
export const formatLastActivity = (iso: string) => dayjs(iso).format('MM/DD, h:mmA');

/** A due date (YYYY-MM-DD) before today. */
export function isOverdue(due: string | null, today: string): boolean {
  return due !== null && due < today;
}

/** Today as YYYY-MM-DD in the browser's time zone (dates are calendar days, not instants). */
export const localToday = () => dayjs().format('YYYY-MM-DD');

/** Two letters for a cover without a picture: the first letters of the first two words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

const COVER_GRADIENTS = [
  ['#6c5ce5', '#a29bfe'],
  ['#0091ff', '#6cc3ff'],
  ['#30a46c', '#8fd4b0'],
  ['#f76b15', '#ffb37a'],
  ['#d6409f', '#f29ccf'],
  ['#12a594', '#7dd8c8'],
  ['#5b5bd6', '#9ea4ff'],
  ['#e5484d', '#ff9ea1'],
] as const;

/** The placeholder cover's colours, stable for a project. */
export function coverGradient(id: number): string {
  const [from, to] = COVER_GRADIENTS[Math.abs(id) % COVER_GRADIENTS.length]!;
  return `linear-gradient(135deg, ${from} 0%, ${to} 100%)`;
}
