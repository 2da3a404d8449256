import { join } from 'node:path';
import sharp from 'sharp';
import { COLOR_MODES, readCompositeSection, type PsdFile } from './psdFile';

/**
 * Spot colour channels laid over a Photoshop composite, as Photoshop shows them: each ink
 * multiplies the picture by its colour where it is printed (its solidity makes it cover instead).
 * ImageMagick and ag-psd leave spot channels out, so a document whose art lives in them (a
 * packaging design in Pantone inks) would otherwise preview blank.
 */
export interface SpotInk {
  /** The channel's index in the composite section. */
  channel: number;
  rgb: [number, number, number];
  /** 0 (the ink is transparent, it multiplies) to 1 (it covers what is under it). */
  solidity: number;
}

/** Spot inks are composited up to this size (a full-size RGB copy is held in memory). */
const MAX_SPOT_PIXELS = 40_000_000;
const COLOUR_CHANNELS: Record<number, number> = {
  [COLOR_MODES.bitmap]: 1,
  [COLOR_MODES.grayscale]: 1,
  [COLOR_MODES.indexed]: 1,
  [COLOR_MODES.rgb]: 3,
  [COLOR_MODES.cmyk]: 4,
  [COLOR_MODES.duotone]: 1,
  [COLOR_MODES.lab]: 3,
};
const SPOT_KIND = 2;
const DISPLAY_INFO_ENTRY = 13;

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

function labToRgb(l: number, a: number, b: number): [number, number, number] {
  const fy = (l + 16) / 116;
  const f = (t: number) => (t ** 3 > 0.008856 ? t ** 3 : (t - 16 / 116) / 7.787);
  // D65 white; the D50/D65 difference is below what a preview shows.
  const [x, y, z] = [0.95047 * f(fy + a / 500), f(fy), 1.08883 * f(fy - b / 200)];
  const linear = [
    3.2406 * x - 1.5372 * y - 0.4986 * z,
    -0.9689 * x + 1.8758 * y + 0.0415 * z,
    0.0557 * x - 0.204 * y + 1.057 * z,
  ];
  const gamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
  return linear.map((c) => clamp(gamma(c) * 255)) as [number, number, number];
}

function hsbToRgb(hue: number, saturation: number, brightness: number): [number, number, number] {
  const k = (n: number) => (n + hue / 60) % 6;
  const channel = (n: number) => brightness * (1 - saturation * Math.max(0, Math.min(k(n), 4 - k(n), 1)));
  return [clamp(channel(5) * 255), clamp(channel(3) * 255), clamp(channel(1) * 255)];
}

/** Photoshop's colour record (a colour space, then four 16-bit components) as sRGB, or null. */
export function colourToRgb(
  space: number,
  c: [number, number, number, number],
): [number, number, number] | null {
  switch (space) {
    case 0:
      return [c[0] >> 8, c[1] >> 8, c[2] >> 8];
    case 1:
      return hsbToRgb((c[0] / 65536) * 360, c[1] / 65535, c[2] / 65535);
    case 2: {
      // CMYK components are stored inverted: 65535 is no ink.
      const [cyan, magenta, yellow, black] = c.map((v) => 1 - v / 65535) as [number, number, number, number];
      return [(1 - cyan) * (1 - black), (1 - magenta) * (1 - black), (1 - yellow) * (1 - black)].map((v) =>
        clamp(v * 255),
      ) as [number, number, number];
    }
    case 7: {
      const signed = (v: number) => (v > 32767 ? v - 65536 : v);
      return labToRgb(c[0] / 100, signed(c[1]) / 100, signed(c[2]) / 100);
    }
    case 8: {
      const grey = clamp(255 * (1 - c[0] / 10000));
      return [grey, grey, grey];
    }
    default:
      return null;
  }
}

/** The spot inks DisplayInfo (resource 1077) describes, in channel order after the colour ones. */
export function spotInks(psd: PsdFile): SpotInk[] {
  const info = psd.displayInfo;
  const colourChannels = COLOUR_CHANNELS[psd.colorMode];
  if (!info || info.length < 4 || info.readUInt32BE(0) !== 1 || colourChannels === undefined) return [];
  const first = colourChannels + (psd.hasMergedAlpha ? 1 : 0);
  const inks: SpotInk[] = [];
  for (let index = 0; 4 + (index + 1) * DISPLAY_INFO_ENTRY <= info.length; index++) {
    const at = 4 + index * DISPLAY_INFO_ENTRY;
    const channel = first + index;
    const components = [0, 1, 2, 3].map((i) => info.readUInt16BE(at + 2 + i * 2)) as [
      number,
      number,
      number,
      number,
    ];
    const rgb = colourToRgb(info.readUInt16BE(at), components);
    if (info[at + 12] === SPOT_KIND && rgb && channel < psd.channels) {
      inks.push({ channel, rgb, solidity: Math.min(100, info.readUInt16BE(at + 10)) / 100 });
    }
  }
  return inks;
}

/** PackBits: a count byte n, then n + 1 literal bytes (n < 128) or one byte repeated 257 - n times. */
function unpackRow(source: Buffer, target: Buffer, targetAt: number, width: number): void {
  let read = 0;
  let written = 0;
  while (read < source.length && written < width) {
    const count = source[read++]!;
    if (count < 128) {
      const length = Math.min(count + 1, width - written);
      source.copy(target, targetAt + written, read, read + length);
      read += count + 1;
      written += length;
    } else if (count > 128) {
      const length = Math.min(257 - count, width - written);
      target.fill(source[read++]!, targetAt + written, targetAt + written + length);
      written += length;
    }
  }
}

/** One channel of an 8-bit composite section as width × height bytes (255 where no ink, as saved). */
export function channelPlane(section: Buffer, psd: PsdFile, channel: number): Buffer {
  const { width, height } = psd;
  const plane = Buffer.alloc(width * height, 255);
  if (section.readUInt16BE(0) === 0) {
    section.copy(plane, 0, 2 + channel * width * height, 2 + (channel + 1) * width * height);
    return plane;
  }
  const countBytes = psd.large ? 4 : 2;
  const rowLength = (row: number) =>
    psd.large ? section.readUInt32BE(2 + row * 4) : section.readUInt16BE(2 + row * 2);
  let at = 2 + psd.channels * height * countBytes;
  for (let row = 0; row < channel * height; row++) at += rowLength(row);
  for (let y = 0; y < height; y++) {
    const length = rowLength(channel * height + y);
    unpackRow(section.subarray(at, at + length), plane, y * width, width);
    at += length;
  }
  return plane;
}

/**
 * The composite with the document's spot inks laid over it, as a PNG in the job's folder; the
 * composite itself when the document has no spot channel (or is too large or deep for this).
 */
export async function withSpotInks(
  compositePath: string,
  psdPath: string,
  psd: PsdFile,
  workDir: string,
): Promise<string> {
  const inks = spotInks(psd);
  if (inks.length === 0 || psd.depth !== 8 || psd.width * psd.height > MAX_SPOT_PIXELS) return compositePath;
  const section = await readCompositeSection(psdPath, psd);
  const { data, info } = await sharp(compositePath)
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== psd.width || info.height !== psd.height) return compositePath;
  for (const ink of inks) {
    const plane = channelPlane(section, psd, ink.channel);
    for (let pixel = 0; pixel < plane.length; pixel++) {
      const density = (255 - plane[pixel]!) / 255;
      if (density === 0) continue;
      for (let c = 0; c < 3; c++) {
        const at = pixel * info.channels + c;
        const under = data[at]!;
        const printed = ink.solidity * ink.rgb[c]! + (1 - ink.solidity) * ((under * ink.rgb[c]!) / 255);
        data[at] = clamp(under * (1 - density) + printed * density);
      }
    }
  }
  const output = join(workDir, 'composite-inks.png');
  await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png({ compressionLevel: 1 })
    .toFile(output);
  return output;
}
