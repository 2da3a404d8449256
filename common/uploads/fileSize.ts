const UNITS = ['Bytes', 'Kb', 'Mb', 'Gb', 'Tb'] as const;

/** §9: file sizes in Bytes, Kb, Mb, Gb, Tb, base 1024, with one decimal at most ('12.4 Mb'). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} Bytes`;
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}
