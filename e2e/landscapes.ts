import sharp from 'sharp';

const HUES = [8, 28, 45, 95, 140, 170, 195, 215, 245, 275, 300, 330];

/** A landscape in the colours of `n`: a sky, a sun and two ridges, as a JPEG a tile can show. */
export function landscape(n: number): Promise<Buffer> {
  const sky = HUES[n % HUES.length]!;
  const land = HUES[(n * 5 + 3) % HUES.length]!;
  const sun = 120 + ((n * 47) % 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${sky},70%,72%)"/><stop offset="1" stop-color="hsl(${sky + 20},80%,90%)"/>
    </linearGradient></defs>
    <rect width="480" height="360" fill="url(#s)"/>
    <circle cx="${sun}" cy="${90 + (n % 4) * 18}" r="${34 + (n % 3) * 8}" fill="hsl(45,95%,70%)"/>
    <polygon points="0,250 ${90 + (n % 5) * 20},170 260,240 360,160 480,230 480,360 0,360" fill="hsl(${land},35%,45%)"/>
    <polygon points="0,300 140,250 300,300 420,260 480,290 480,360 0,360" fill="hsl(${land},40%,30%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
