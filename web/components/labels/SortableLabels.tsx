import type { CSSProperties, ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical } from '@tabler/icons-react';
import type { Label } from '@common/api/projects';
import { reorder } from '@web/routes/projects/viewOptions';
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = labels.map((l) => l.id);

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(reorder(ids, Number(active.id), Number(over.id)));
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
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
