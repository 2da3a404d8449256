import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useReorderDrag } from '@web/components/sortable/useReorderDrag';
import classes from './SortableProjects.module.css';

/** What the keyboard grips an item by: the ref and attributes for its drag handle button. */
export interface DragHandleProps extends HTMLAttributes<HTMLElement> {
  ref: (element: HTMLElement | null) => void;
}

/** How a card or row is being dragged, for its looks, and its drag handle. */
export interface SortableBits {
  isDragging: boolean;
  sortable: boolean;
  handle: DragHandleProps;
}

interface SortableProjectsProps<T extends { id: number }> {
  items: T[];
  enabled: boolean;
  layout: 'grid' | 'list';
  onReorder: (ids: number[]) => void;
  children: (item: T, bits: SortableBits) => ReactNode;
}

function SortableSlot<T extends { id: number }>({
  item,
  enabled,
  children,
}: {
  item: T;
  enabled: boolean;
  children: (item: T, bits: SortableBits) => ReactNode;
}) {
  const { setNodeRef, setActivatorNodeRef, transform, transition, attributes, listeners, isDragging } =
    useSortable({ id: item.id, disabled: !enabled });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  // The pointer drags the whole item; the keyboard only from its handle (a button of its own), so
  // the item is no button holding the links and buttons inside it, and Enter still opens a link.
  return (
    <div
      ref={setNodeRef}
      style={style}
      {...(enabled ? listeners : {})}
      className={classes.slot}
      data-sortable={enabled}
      data-testid="sortable-project"
    >
      {children(item, { isDragging, sortable: enabled, handle: { ref: setActivatorNodeRef, ...attributes } })}
    </div>
  );
}

/**
 * The click that ends a drag would open the dropped card (its target is wherever the pointer is
 * let go, after the cards moved): the next click within a moment is swallowed, wherever it lands.
 */
function swallowNextClick() {
  const swallow = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  window.setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 300);
}

/**
 * Manual order by drag and drop (§9 'custom ordering'): a card moves after the pointer travels 6 px,
 * so a click still opens it; the keyboard moves a card from its handle with space and the arrow keys.
 */
export function SortableProjects<T extends { id: number }>({
  items,
  enabled,
  layout,
  onReorder,
  children,
}: SortableProjectsProps<T>) {
  const ids = items.map((i) => i.id);
  const { sensors, reorderOnDrop } = useReorderDrag(ids, onReorder, 6);

  function dragEnd(event: DragEndEvent) {
    swallowNextClick();
    reorderOnDrop(event);
  }

  return (
    <DndContext
      // Its live region goes to the body: a table or grid holds rows and cards only.
      accessibility={{ container: document.body }}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      onDragCancel={swallowNextClick}
    >
      <SortableContext
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={!enabled}
      >
        {items.map((item) => (
          <SortableSlot key={item.id} item={item} enabled={enabled}>
            {children}
          </SortableSlot>
        ))}
      </SortableContext>
    </DndContext>
  );
}
