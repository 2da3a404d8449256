import { existsSync } from 'node:fs';

/**
 * DejaVu Sans (fonts-dejavu-core, installed by scripts/setup-system.sh) is embedded in the reports
 * so that accents, Greek, Cyrillic and most symbols a comment holds are drawn. Without it the
 * reports fall back to PDF's built-in Helvetica, which has Latin-1 only.
 */
const DEJAVU = '/usr/share/fonts/truetype/dejavu';

export interface ReportFonts {
  regular: string;
  bold: string;
}

export function reportFonts(dir = process.env.REPORT_FONT_DIR ?? DEJAVU): ReportFonts | null {
  const regular = `${dir}/DejaVuSans.ttf`;
  const bold = `${dir}/DejaVuSans-Bold.ttf`;
  return existsSync(regular) && existsSync(bold) ? { regular, bold } : null;
}
