import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { IconFolderFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Folder } from '@common/api/projects';
import { truncate } from '@common/text';
import { SelectBox, type Selection } from '@web/components/cards/SelectBox';
import { folderItemsText } from './folderItems';
import classes from './FolderCard.module.css';

/** §9: folder names are cut at 50 characters. */
export const FOLDER_NAME_MAX = 50;
const PREVIEW_TILES = 3;

/** Up to three previews of the folder's assets; empty tiles hold their place until there are some. */
export function FolderPreviews({ urls }: { urls: readonly string[] }) {
  return (
    <div className={classes.previews} data-testid="folder-previews">
      {Array.from({ length: PREVIEW_TILES }, (_, index) => {
        const url = urls[index];
        return (
          <div key={index} className={classes.tile} data-filled={Boolean(url)}>
            {url ? (
              <img src={url} alt="" loading="lazy" />
            ) : (
              index === 0 && urls.length === 0 && <IconFolderFilled size={40} />
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A folder in the grid: previews, name, '1 item' / 'N items', and its menu when there is one. */
export function FolderCard({
  folder,
  to,
  selection,
  menu,
}: {
  folder: Folder;
  to: string;
  selection?: Selection | undefined;
  menu?: ReactNode;
}) {
  return (
    <article
      className={classes.card}
      data-selected={selection?.selected ?? false}
      data-testid="folder-card"
      data-folder-id={folder.id}
      aria-label={folder.name}
    >
      {/* A second way in for the pointer, hidden from the keyboard and screen readers: they reach
          the folder through its name below. */}
      <Link to={to} className={classes.previewLink} tabIndex={-1} aria-hidden>
        <FolderPreviews urls={folder.previews_urls} />
      </Link>
      {selection && (
        <div className={classes.select} data-visible={selection.active || selection.selected}>
          <SelectBox name={folder.name} selection={selection} />
        </div>
      )}
      <div className={classes.body}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Link to={to} className={classes.name} title={folder.name} data-testid="folder-name">
            {truncate(folder.name, FOLDER_NAME_MAX)}
          </Link>
          <Text size="xs" c="dimmed" mt={2} data-testid="folder-items">
            {folderItemsText(folder)}
          </Text>
        </div>
        {menu}
      </div>
    </article>
  );
}
