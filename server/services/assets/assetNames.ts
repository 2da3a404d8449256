import { ASSET_NAME_MAX, ASSET_TEXTS, extensionOf } from '@common/api/assets';
import { isFileName } from '@common/names';
import { messages } from '@common/validation';
import type { AssetRow } from '../../db/repositories/assets';
import { invalidRecord } from '../../errors';

/** Extensions that name one type of file (the rest name their own type alone). */
const SPELLINGS: Record<string, readonly string[]> = {
  jpeg: ['jpg', 'jpeg'],
  jpg: ['jpg', 'jpeg'],
  tiff: ['tif', 'tiff'],
  tif: ['tif', 'tiff'],
};

/** The extensions a file of this detected type (or extension) may carry. */
export function extensionsOfType(type: string): readonly string[] {
  return SPELLINGS[type] ?? [type];
}

/**
 * A new name for an asset under the rules of uploads (NFC, at most 255 characters, no control,
 * bidirectional or invisible characters, no path separators), keeping the extension it has or one of its current round's type
 * (a later round may be of another type): 'x.JPG' may become 'y.jpeg', not 'y.pdf', which would
 * misname the file (decisions.md).
 */
export function checkNewAssetName(raw: string, asset: Pick<AssetRow, 'name' | 'file_type'>): string {
  const name = raw.slice(0, ASSET_NAME_MAX + 1).normalize('NFC');
  if (name.trim() === '') throw invalidRecord({ filename: [messages.required('Filename')] });
  if (name.length > ASSET_NAME_MAX)
    throw invalidRecord({ filename: [messages.maxLength('Filename', ASSET_NAME_MAX)] });
  if (hasControlOrSeparator(name)) throw invalidRecord({ filename: [ASSET_TEXTS.nameCharacters] });
  const allowed = [
    ...new Set([
      ...extensionsOfType(extensionOf(asset.name)),
      ...(asset.file_type ? extensionsOfType(asset.file_type) : []),
    ]),
  ];
  if (!allowed.includes(extensionOf(name)))
    throw invalidRecord({ filename: [ASSET_TEXTS.extensionKept(allowed)] });
  return name;
}

/** Path separators and control, bidirectional or invisible characters (common/names.ts). */
export function hasControlOrSeparator(name: string): boolean {
  return !isFileName(name);
}
