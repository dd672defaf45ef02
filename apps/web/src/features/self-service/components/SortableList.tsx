import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import classes from './editor.module.css';
import { IconGrip } from './editor-icons.tsx';

export type DragHandle = { attributes: Record<string, unknown>; listeners: Record<string, unknown> | undefined; disabled: boolean };

/**
 * Reorder by drag and drop and by keyboard (spec §2 Buttons): focus a handle,
 * Space to lift, arrows to move, Space to drop. `disabled` when the master
 * does not let the child reorder (spec §6 sortable / edit).
 */
export function SortableList<T extends { key: string }>({
  items,
  onReorder,
  disabled = false,
  label,
  itemName,
  children,
}: {
  items: readonly T[];
  onReorder: (next: T[]) => void;
  disabled?: boolean;
  label: string;
  /** What a screen reader calls an item while it moves (never its internal key); "item 2" when not given. */
  itemName?: (item: T) => string;
  children: (item: T, index: number, handle: DragHandle) => ReactNode;
}) {
  const position = (id: string | number) => items.findIndex((i) => i.key === id) + 1;
  const nameOf = (id: string | number) => {
    const item = items.find((i) => i.key === id);
    return (item && itemName?.(item)) || `item ${position(id)}`;
  };
  const of = `of ${items.length}`;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.key === active.id);
    const to = items.findIndex((i) => i.key === over.id);
    if (from >= 0 && to >= 0) onReorder(arrayMove([...items], from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: `To reorder ${label}, press space to lift, use the arrow keys to move, and space to drop.` },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${position(active.id)} ${of}.`,
          onDragOver: ({ active, over }) =>
            over ? `${nameOf(active.id)} is over position ${position(over.id)} ${of}.` : `${nameOf(active.id)} is not over a position.`,
          onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${position(over.id)} ${of}.` : `${nameOf(active.id)} dropped.`),
          onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {items.map((item, index) => (
            <SortableRow key={item.key} id={item.key} disabled={disabled}>
              {(handle) => children(item, index, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, disabled, children }: { id: string; disabled: boolean; children: (handle: DragHandle) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      data-sortable-key={id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      {children({ attributes: attributes as unknown as Record<string, unknown>, listeners: listeners as Record<string, unknown> | undefined, disabled })}
    </li>
  );
}

/** The drag handle of a row: a button, so it is focusable and reorders by keyboard too. */
export function DragHandleButton({ handle, label }: { handle: DragHandle; label: string }) {
  return (
    <button type="button" className={classes.handle} {...handle.attributes} {...handle.listeners} aria-label={label} aria-disabled={handle.disabled}>
      <IconGrip size={18} />
    </button>
  );
}
