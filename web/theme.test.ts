import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { INITIALS_COLORS, theme } from './theme';

const colors = mergeMantineTheme(DEFAULT_THEME, theme).colors;

/** The ten shades of a colour of the theme, lightest first. */
function palette(name: string): readonly string[] {
  const shades = colors[name];
  if (!shades) throw new Error(`The theme has no colour ${name}`);
  return shades;
}

/** One shade, as a #rrggbb string. */
const shade = (name: string, index: number): string => palette(name)[index] ?? '';

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';

describe('theme colours read at 4.5:1 (WCAG AA)', () => {
  it('dimmed text (gray 6) on white, the light greys and the brand and yellow tints', () => {
    const backgrounds = [WHITE, shade('gray', 0), shade('gray', 1), shade('brand', 0), shade('yellow', 0)];
    for (const background of backgrounds)
      expect(contrast(shade('gray', 6), background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['brand', 'red', 'orange', 'teal'])(
    '%s: white on the filled shade, the shade as text on white',
    (name) => {
      for (const index of [6, 7, 8, 9])
        expect(contrast(WHITE, shade(name, index))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shade(name, 6), shade('gray', 0))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(INITIALS_COLORS)('%s: the light look (shade 9 on shade 1) of badges and initials', (name) => {
    expect(contrast(shade(name, 9), shade(name, 1))).toBeGreaterThanOrEqual(4.5);
  });
});
