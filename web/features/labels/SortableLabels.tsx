import type { CSSProperties, ReactNode } from 'react';
import { closestCenter, DndContext } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical } from '@tabler/icons-react';
import type { Label } from '@common/api/projects';
import { useReorderDrag } from '@web/components/sortable/useReorderDrag';
import classes from './LabelRow.module.css';

function SortableSlot({
  label,
  children,
}: {
  label: Label;
  children: (label: Label, handle: ReactNode) => ReactNode;
}) {
  const { setNodeRef, setActivatorNodeRef, transform, transition, attributes, listeners, isDragging } =
    useSortable({ id: label.id });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className={classes.handle}
      aria-label={`Move ${label.name}`}
      data-testid="label-handle"
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} />
    </button>
  );
  return (
    <div ref={setNodeRef} style={style} className={isDragging ? classes.dragging : undefined}>
      {children(label, handle)}
    </div>
  );
}

/**
 * Labels in an order the user sets by dragging a row's handle (the rest of the row keeps its
 * buttons), or with the keyboard: focus a handle, space, the arrow keys, space again.
 */
export function SortableLabels({
  labels,
  onReorder,
  children,
}: {
  labels: Label[];
  onReorder: (ids: number[]) => void;
  children: (label: Label, handle: ReactNode) => ReactNode;
}) {
  const ids = labels.map((l) => l.id);
  const { sensors, reorderOnDrop } = useReorderDrag(ids, onReorder, 4);

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={reorderOnDrop}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {labels.map((label) => (
          <SortableSlot key={label.id} label={label}>
            {children}
          </SortableSlot>
        ))}
      </SortableContext>
    </DndContext>
  );
}
