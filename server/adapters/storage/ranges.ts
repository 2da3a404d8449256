import type { FileStorage, StoredFile } from './fileStorage';

/** The single range a Range header asks for; null for none, several, or one that does not parse (the whole file is sent). */
export function parseRange(
  header: string | undefined,
): { start: number; end?: number } | { suffix: number } | null {
  if (!header || header.length > 64) return null;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') return { suffix: Number(last) };
  if (last !== '' && Number(last) < Number(first)) return null;
  return last === '' ? { start: Number(first) } : { start: Number(first), end: Number(last) };
}

/** What a stored file's answer is: the file (all of it or the range asked), none, or a range past its end. */
export type RangedFile = StoredFile | { unsatisfiable: number } | null;

/** Opens `key` for a request that may ask for a range (video seeking, a resumed download). */
export async function openRanged(
  storage: FileStorage,
  key: string,
  rangeHeader: string | undefined,
): Promise<RangedFile> {
  const range = parseRange(rangeHeader);
  if (!range) return storage.get(key);
  const info = await storage.head(key);
  if (!info) return null;
  const start = 'suffix' in range ? Math.max(0, info.size - range.suffix) : range.start;
  if (start >= info.size || ('suffix' in range && range.suffix === 0)) return { unsatisfiable: info.size };
  const end = 'suffix' in range ? info.size - 1 : Math.min(range.end ?? info.size - 1, info.size - 1);
  return storage.get(key, { start, end });
}
