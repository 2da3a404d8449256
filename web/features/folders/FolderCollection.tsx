import type { ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';
import type { Folder } from '@common/api/projects';
import type { ViewMode } from '@web/features/projects';
import { FolderCard } from './FolderCard';
import { FolderTable } from './FolderTable';

/** What a member gets on top of viewing folders: their menus and, for who may change them, picking. */
export interface FolderManagement {
  picking?: { selected: ReadonlySet<number>; toggle: (id: number) => void } | undefined;
  menuFor: (folder: Folder) => ReactNode;
}

/** Folders as a grid of cards or a table (?mode=list); shared views show them without management. */
export function FolderCollection({
  folders,
  mode,
  linkTo,
  manage,
}: {
  folders: readonly Folder[];
  mode: ViewMode;
  linkTo: (folder: Folder) => string;
  manage?: FolderManagement | undefined;
}) {
  const picking = manage?.picking;
  const rows = folders.map((folder) => ({
    folder,
    to: linkTo(folder),
    selection: picking && {
      selected: picking.selected.has(folder.id),
      active: picking.selected.size > 0,
      toggle: () => picking.toggle(folder.id),
    },
    menu: manage?.menuFor(folder),
  }));
  if (mode === 'list') return <FolderTable rows={rows} selectable={picking !== undefined} />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="lg" data-testid="folder-grid">
      {rows.map((row) => (
        <FolderCard key={row.folder.id} {...row} />
      ))}
    </SimpleGrid>
  );
}
