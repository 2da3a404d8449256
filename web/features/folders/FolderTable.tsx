import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Table, Text, ThemeIcon } from '@mantine/core';
import { IconFolderFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Folder } from '@common/api/projects';
import { truncate } from '@common/text';
import { SelectBox, type Selection } from '@web/components/cards/SelectBox';
import { formatLastActivity } from '@web/features/projects';
import { FOLDER_NAME_MAX } from './FolderCard';
import { folderItemsText } from './folderItems';

export interface FolderRowBits {
  folder: Folder;
  to: string;
  selection?: Selection | undefined;
  menu?: ReactNode;
}

/** The folders in the list view (?mode=list): name, items, last change, actions. */
export function FolderTable({ rows, selectable }: { rows: FolderRowBits[]; selectable: boolean }) {
  return (
    <Paper withBorder data-testid="folder-table">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selectable && <Table.Th w={44} />}
            <Table.Th>Folder</Table.Th>
            <Table.Th w={140}>Items</Table.Th>
            <Table.Th w={180}>Last updated</Table.Th>
            <Table.Th w={56} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ folder, to, selection, menu }) => (
            <Table.Tr
              key={folder.id}
              data-testid="folder-row"
              data-folder-id={folder.id}
              bg={selection?.selected ? 'var(--mantine-color-brand-0)' : undefined}
            >
              {selectable && (
                <Table.Td>{selection && <SelectBox name={folder.name} selection={selection} />}</Table.Td>
              )}
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" color="brand" size={34} radius="md">
                    <IconFolderFilled size={18} />
                  </ThemeIcon>
                  <Anchor
                    component={Link}
                    to={to}
                    fw={600}
                    size="sm"
                    c="var(--mantine-color-text)"
                    title={folder.name}
                    data-testid="folder-name"
                  >
                    {truncate(folder.name, FOLDER_NAME_MAX)}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" data-testid="folder-items">
                  {folderItemsText(folder)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatLastActivity(folder.updated_at)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{menu}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
