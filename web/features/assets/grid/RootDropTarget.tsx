import { Group, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { truncate } from '@common/text';
import { ROOT_DROP_ATTRIBUTE } from './useAssetDrag';
import classes from './RootDropTarget.module.css';

/** On a folder page, while assets are dragged: drop them here to put them back at the project's root. */
export function RootDropTarget({ projectName, count }: { projectName: string; count: number }) {
  return (
    <div className={classes.target} {...{ [ROOT_DROP_ATTRIBUTE]: '' }} data-testid="asset-root-drop">
      <Group gap="sm" justify="center" wrap="nowrap">
        <IconArrowBackUp size={18} aria-hidden />
        <Text size="sm" fw={600}>
          Drop here to move {count === 1 ? 'it' : `these ${count}`} back to {truncate(projectName, 50)}
        </Text>
      </Group>
    </div>
  );
}
