import { useState } from 'react';
import { Button, Group, Loader, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFolderFilled, IconHome } from '@tabler/icons-react';
import type { Project } from '@common/api/projects';
import { plural, truncate } from '@common/text';
import { useFolders, folderItemsText } from '@web/features/folders';
import { ProjectModal } from '@web/components/modal/ProjectModal';
import classes from './dialogs.module.css';

const ROOT = 'root';
const NAME_MAX = 50;

/** 'Move to…': a folder of the project, or its root when the assets are in a folder. */
function MoveForm({
  project,
  fromFolderId,
  count,
  onMove,
  onCancel,
}: {
  project: Project;
  fromFolderId: number | null;
  count: number;
  onMove: (folderId: number | null) => void;
  onCancel: () => void;
}) {
  const folders = useFolders(project.id);
  const choices = (folders.data ?? []).filter((f) => f.id !== fromFolderId);
  const [choice, setChoice] = useState<string | null>(null);
  const empty = folders.isSuccess && choices.length === 0 && fromFolderId === null;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Where should {count === 1 ? 'this asset' : `these ${plural(count, 'asset')}`} go?
      </Text>
      {folders.isPending && <Loader role="status" size="sm" mx="auto" aria-label="Loading folders" />}
      {empty && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          This project has no folders yet. Create one first to move assets into it.
        </Text>
      )}
      {!empty && folders.isSuccess && (
        <Radio.Group value={choice} onChange={setChoice} aria-label="Destination">
          <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
            <Stack gap={6}>
              {fromFolderId !== null && (
                <Radio.Card value={ROOT} className={classes.choice} radius="md">
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator />
                    <IconHome size={18} color="var(--mantine-color-brand-6)" />
                    <div>
                      <Text size="sm" fw={600}>
                        Project root
                      </Text>
                      <Text size="xs" c="dimmed">
                        {truncate(project.name, NAME_MAX)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              )}
              {choices.map((folder) => (
                <Radio.Card key={folder.id} value={String(folder.id)} className={classes.choice} radius="md">
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator />
                    <IconFolderFilled size={18} color="var(--mantine-color-brand-5)" />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {truncate(folder.name, NAME_MAX)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {folderItemsText(folder)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Radio.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={choice === null} onClick={() => onMove(choice === ROOT ? null : Number(choice))}>
          Move
        </Button>
      </Group>
    </Stack>
  );
}

export function MoveAssetsModal({
  project,
  fromFolderId,
  ids,
  onMove,
  onClose,
}: {
  project: Project;
  fromFolderId: number | null;
  ids: number[] | null;
  onMove: (ids: number[], folderId: number | null) => void;
  onClose: () => void;
}) {
  return (
    <ProjectModal title="Move to…" opened={ids !== null} onClose={onClose} size={460}>
      {ids && (
        <div data-testid="move-assets-modal">
          <MoveForm
            project={project}
            fromFolderId={fromFolderId}
            count={ids.length}
            onCancel={onClose}
            onMove={(folderId) => {
              onClose();
              onMove(ids, folderId);
            }}
          />
        </div>
      )}
    </ProjectModal>
  );
}
