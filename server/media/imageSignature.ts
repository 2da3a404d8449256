/** Image kinds recognised from their first bytes, never from the name alone. */
export type ImageKind = 'jpeg' | 'png' | 'gif';

const SIGNATURES: { kind: ImageKind; bytes: number[] }[] = [
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

export function detectImageKind(data: Buffer): ImageKind | null {
  for (const { kind, bytes } of SIGNATURES) {
    if (data.length >= bytes.length && bytes.every((b, i) => data[i] === b)) return kind;
  }
  return null;
}

export const CONTENT_TYPES: Record<ImageKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

const EXTENSION_KIND: Record<string, ImageKind> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif' };

/** The kind both the name's extension and the content agree on, or null when they don't. */
export function avatarKind(filename: string, data: Buffer): ImageKind | null {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  const byName = EXTENSION_KIND[extension];
  const byContent = detectImageKind(data);
  return byName && byName === byContent ? byContent : null;
}
