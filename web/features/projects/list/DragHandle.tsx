import { ActionIcon, Tooltip } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { SortableBits } from './SortableProjects';

/**
 * The grip of a project in manual order: the pointer may drag the whole card, the keyboard moves
 * it from here (space to lift, arrows to move, space to drop, Escape to cancel).
 */
export function DragHandle({ name, bits }: { name: string; bits: SortableBits }) {
  if (!bits.sortable) return null;
  const { ref, ...attributes } = bits.handle;
  return (
    <Tooltip label="Drag to reorder" withArrow openDelay={400}>
      <ActionIcon
        ref={ref}
        {...attributes}
        variant="subtle"
        color="gray"
        size="md"
        aria-label={`Move ${name}`}
        data-testid="project-drag-handle"
      >
        <IconGripVertical size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
