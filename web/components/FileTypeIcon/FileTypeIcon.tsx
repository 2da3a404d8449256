import type { ComponentType } from 'react';
import {
  IconCamera,
  IconFileTypeCsv,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileTypeTxt,
  IconFileTypeXls,
  IconFileUnknown,
  IconLayersSubtract,
  IconLayoutBoardSplit,
  IconPhoto,
  IconVectorBezier2,
  type IconProps,
} from '@tabler/icons-react';
import { extensionOf } from '@common/api/assets';

interface FileLook {
  icon: ComponentType<IconProps>;
  /** A Mantine colour name: the icon is drawn in its shade 6, on its shade 0 behind it. */
  color: string;
}

const LOOKS: Record<string, FileLook> = {
  jpg: { icon: IconPhoto, color: 'brand' },
  jpeg: { icon: IconPhoto, color: 'brand' },
  png: { icon: IconPhoto, color: 'brand' },
  gif: { icon: IconPhoto, color: 'brand' },
  tif: { icon: IconPhoto, color: 'brand' },
  tiff: { icon: IconPhoto, color: 'brand' },
  psd: { icon: IconLayersSubtract, color: 'blue' },
  psb: { icon: IconLayersSubtract, color: 'blue' },
  dng: { icon: IconCamera, color: 'grape' },
  crw: { icon: IconCamera, color: 'grape' },
  cr2: { icon: IconCamera, color: 'grape' },
  nef: { icon: IconCamera, color: 'grape' },
  arw: { icon: IconCamera, color: 'grape' },
  pdf: { icon: IconFileTypePdf, color: 'red' },
  ai: { icon: IconVectorBezier2, color: 'orange' },
  indd: { icon: IconLayoutBoardSplit, color: 'pink' },
  doc: { icon: IconFileTypeDoc, color: 'indigo' },
  docx: { icon: IconFileTypeDoc, color: 'indigo' },
  xls: { icon: IconFileTypeXls, color: 'teal' },
  xlsx: { icon: IconFileTypeXls, color: 'teal' },
  csv: { icon: IconFileTypeCsv, color: 'teal' },
  txt: { icon: IconFileTypeTxt, color: 'gray' },
};

const UNKNOWN: FileLook = { icon: IconFileUnknown, color: 'gray' };

export function fileLook(name: string): FileLook {
  return LOOKS[extensionOf(name)] ?? UNKNOWN;
}

/** The icon of a file's type, from its name: a picture, a RAW, a PDF, a Word or Excel file… */
export function FileTypeIcon({ name, size = 20 }: { name: string; size?: number }) {
  const look = fileLook(name);
  const Icon = look.icon;
  return <Icon size={size} stroke={1.6} color={`var(--mantine-color-${look.color}-6)`} aria-hidden />;
}
