import { open } from 'node:fs/promises';
import { PreviewError } from './previewError';

/**
 * The parts of a Photoshop file (PSD or PSB) a preview needs, read without loading its layers:
 * the header, the colour data, the image resources (its ICC profile) and the saved composite,
 * which comes last in the file.
 */
export interface PsdFile {
  large: boolean;
  channels: number;
  width: number;
  height: number;
  depth: number;
  colorMode: number;
  colorModeData: Buffer;
  /** Resource 1039, when the document carries a colour profile. */
  iccProfile: Buffer | null;
  /** Resource 1077: how each extra channel is shown (spot ink colour and solidity, or a mask). */
  displayInfo: Buffer | null;
  /** The first alpha channel is the composite's transparency (a negative layer count says so). */
  hasMergedAlpha: boolean;
  /** Where the composite section (compression, then planar channels) starts, and the file's end. */
  compositeOffset: number;
  fileSize: number;
}

export const COLOR_MODES = {
  bitmap: 0,
  grayscale: 1,
  indexed: 2,
  rgb: 3,
  cmyk: 4,
  multichannel: 7,
  duotone: 8,
  lab: 9,
};

const NO_COMPOSITE = 'This Photoshop file has no readable composite image (it may be damaged).';
/** Image resources past this are not read (they are thumbnails, paths and metadata). */
const MAX_RESOURCES = 32 * 1024 * 1024;

function resourceById(resources: Buffer, id: number): Buffer | null {
  let at = 0;
  while (at + 12 <= resources.length && resources.toString('latin1', at, at + 4) === '8BIM') {
    const resourceId = resources.readUInt16BE(at + 4);
    const nameLength = resources[at + 6] ?? 0;
    let sizeAt = at + 7 + nameLength;
    if ((sizeAt - at) % 2) sizeAt++;
    if (sizeAt + 4 > resources.length) return null;
    const size = resources.readUInt32BE(sizeAt);
    if (resourceId === id)
      return resources.subarray(sizeAt + 4, Math.min(resources.length, sizeAt + 4 + size));
    at = sizeAt + 4 + size + (size % 2);
  }
  return null;
}

export async function readPsdFile(path: string): Promise<PsdFile> {
  const file = await open(path, 'r');
  try {
    const fileSize = (await file.stat()).size;
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      if (bytesRead < length) throw new PreviewError('unreadable', NO_COMPOSITE);
      return buffer;
    };
    const header = await read(0, 30);
    if (header.toString('latin1', 0, 4) !== '8BPS') throw new PreviewError('unreadable', NO_COMPOSITE);
    const large = header.readUInt16BE(4) === 2;
    const colorModeLength = header.readUInt32BE(26);
    const colorModeData = colorModeLength
      ? await read(30, Math.min(colorModeLength, 1024 * 1024))
      : Buffer.alloc(0);
    let at = 30 + colorModeLength;
    const resourcesLength = (await read(at, 4)).readUInt32BE(0);
    const resources =
      resourcesLength <= MAX_RESOURCES ? await read(at + 4, resourcesLength) : Buffer.alloc(0);
    at += 4 + resourcesLength;
    const lengthBytes = large ? 8 : 4;
    const layers = await read(at, lengthBytes);
    const layersLength = large ? Number(layers.readBigUInt64BE(0)) : layers.readUInt32BE(0);
    // The layer info's own length, then its layer count.
    const layerCount =
      layersLength >= lengthBytes + 2 ? (await read(at + lengthBytes * 2, 2)).readInt16BE(0) : 0;
    return {
      large,
      channels: header.readUInt16BE(12),
      height: header.readUInt32BE(14),
      width: header.readUInt32BE(18),
      depth: header.readUInt16BE(22),
      colorMode: header.readUInt16BE(24),
      colorModeData,
      iccProfile: resourceById(resources, 1039),
      displayInfo: resourceById(resources, 1077),
      hasMergedAlpha: layerCount < 0,
      compositeOffset: at + lengthBytes + layersLength,
      fileSize,
    };
  } finally {
    await file.close();
  }
}

/**
 * The composite section keeping only its first `keep` channels: Photoshop saves spot colours and
 * selections as extra channels there, which ag-psd would write over the neighbouring pixels.
 */
function keepChannels(section: Buffer, psd: PsdFile, keep: number): Buffer {
  const compression = section.readUInt16BE(0);
  const bytesPerSample = Math.max(1, psd.depth / 8);
  if (compression === 0) {
    const plane =
      psd.depth === 1 ? Math.ceil(psd.width / 8) * psd.height : psd.width * psd.height * bytesPerSample;
    return section.subarray(0, 2 + plane * keep);
  }
  if (compression !== 1) throw new PreviewError('unreadable', NO_COMPOSITE);
  const countBytes = psd.large ? 4 : 2;
  const rows = psd.height;
  const countsEnd = 2 + psd.channels * rows * countBytes;
  if (countsEnd > section.length) throw new PreviewError('unreadable', NO_COMPOSITE);
  let dataLength = 0;
  for (let row = 0; row < keep * rows; row++) {
    const at = 2 + row * countBytes;
    dataLength += psd.large ? section.readUInt32BE(at) : section.readUInt16BE(at);
  }
  const counts = section.subarray(2, 2 + keep * rows * countBytes);
  const data = section.subarray(countsEnd, countsEnd + dataLength);
  if (data.length < dataLength) throw new PreviewError('unreadable', NO_COMPOSITE);
  return Buffer.concat([section.subarray(0, 2), counts, data]);
}

/** The composite section: its compression, then every channel's plane. */
export async function readCompositeSection(path: string, psd: PsdFile): Promise<Buffer> {
  if (psd.compositeOffset + 2 > psd.fileSize) throw new PreviewError('unreadable', NO_COMPOSITE);
  const file = await open(path, 'r');
  try {
    const section = Buffer.alloc(psd.fileSize - psd.compositeOffset);
    await file.read(section, 0, section.length, psd.compositeOffset);
    return section;
  } finally {
    await file.close();
  }
}

/**
 * A small Photoshop file holding only the composite (no resources, no layers), for ag-psd to
 * decode: the layers of a large document are never read into memory.
 */
export async function compositeOnlyPsd(path: string, psd: PsdFile): Promise<Buffer> {
  const section = await readCompositeSection(path, psd);
  // ag-psd reads a fourth RGB channel as transparency; grey keeps its one channel.
  const rgb = psd.colorMode === COLOR_MODES.rgb;
  const keep = Math.min(psd.channels, rgb ? (psd.hasMergedAlpha ? 4 : 3) : 1);
  const header = Buffer.alloc(26);
  header.write('8BPS', 0, 'latin1');
  header.writeUInt16BE(psd.large ? 2 : 1, 4);
  header.writeUInt16BE(keep, 12);
  header.writeUInt32BE(psd.height, 14);
  header.writeUInt32BE(psd.width, 18);
  header.writeUInt16BE(psd.depth, 22);
  header.writeUInt16BE(psd.colorMode, 24);
  const colorModeLength = Buffer.alloc(4);
  colorModeLength.writeUInt32BE(psd.colorModeData.length);
  const noResources = Buffer.alloc(4);
  const noLayers = Buffer.alloc(psd.large ? 8 : 4);
  return Buffer.concat([
    header,
    colorModeLength,
    psd.colorModeData,
    noResources,
    noLayers,
    keepChannels(section, psd, keep),
  ]);
}
