import { KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { reorder } from './reorder';

/**
 * What a list sorted by drag and drop needs from dnd-kit: a pointer that starts dragging after
 * `distance` px (so a click stays a click), the keyboard (space, arrows, space), and the new
 * order of `ids` when an item lands on another.
 */
export function useReorderDrag(ids: number[], onReorder: (ids: number[]) => void, distance: number) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  function reorderOnDrop({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(reorder(ids, Number(active.id), Number(over.id)));
  }
  return { sensors, reorderOnDrop };
}
