import { extensionOf } from '../api/assets';

/** Extensions that are two spellings of one type of file. */
const SPELLINGS: Record<string, string> = { jpg: 'jpeg', jpeg: 'jpeg', tif: 'tiff', tiff: 'tiff' };

/** A file's type as its name says it, in capitals: 'PSD', 'PNG', 'JPEG' for .jpg and .jpeg. */
export function fileTypeOf(fileName: string): string {
  const extension = extensionOf(fileName);
  return (SPELLINGS[extension] ?? extension).toUpperCase();
}

/**
 * The two types when a new round's file is of another type than the asset's current round (a PNG
 * onto a PSD): the user is asked first. Null when they are of one type ('.JPG' onto '.jpeg' too).
 */
export function roundTypeChange(file: string, currentFile: string): { from: string; to: string } | null {
  const from = fileTypeOf(currentFile);
  const to = fileTypeOf(file);
  return from === to ? null : { from, to };
}
