import sharp from 'sharp';

const CELL = 400;

/**
 * A 100-megapixel test chart (12000 × 8400 JPEG): a landscape under a 100 px grid, each 400 px
 * cell named in large type with a line of fine print that is legible only at full resolution, so
 * a screenshot at 100 % shows whether the viewer drew the finest tiles.
 */
export async function testChart(width = 12000, height = 8400): Promise<Buffer> {
  let cells = '';
  for (let row = 0; row < height / CELL; row++)
    for (let col = 0; col < width / CELL; col++) {
      const x = col * CELL + 16;
      const y = row * CELL;
      cells +=
        `<text x="${x}" y="${y + 44}" font-size="28" font-family="DejaVu Sans" fill="#1b2a3a">C${col} R${row}</text>` +
        `<text x="${x}" y="${y + 70}" font-size="12" font-family="DejaVu Sans" fill="#34495e">fine print ${col}.${row}: sharp at 100 %</text>`;
    }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#8ec5ff"/><stop offset="0.6" stop-color="#dff0ff"/><stop offset="1" stop-color="#fbe7c6"/>
      </linearGradient>
      <pattern id="grid" width="100" height="100" patternUnits="userSpaceOnUse">
        <path d="M100 0H0V100" fill="none" stroke="#2c3e50" stroke-opacity="0.25" stroke-width="1"/>
      </pattern>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${width * 0.72}" cy="${height * 0.27}" r="${height * 0.13}" fill="#ffd36e"/>
    <polygon points="0,${height * 0.67} ${width * 0.22},${height * 0.4} ${width * 0.43},${height * 0.62} ${width * 0.65},${height * 0.36} ${width},${height * 0.6} ${width},${height} 0,${height}" fill="#4f7a5a"/>
    <polygon points="0,${height * 0.81} ${width * 0.28},${height * 0.67} ${width * 0.57},${height * 0.82} ${width * 0.8},${height * 0.71} ${width},${height * 0.79} ${width},${height} 0,${height}" fill="#2f4f3a"/>
    <rect width="${width}" height="${height}" fill="url(#grid)"/>
    ${cells}
  </svg>`;
  return sharp(Buffer.from(svg), { unlimited: true }).jpeg({ quality: 85 }).toBuffer();
}
