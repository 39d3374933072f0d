import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import type { ReactNode } from "react";
import { HeaderRowBody } from "./task-header-row.tsx";
import { DraggableRows, type HeaderRowProps, type TaskRowProps } from "./task-list-rows.tsx";
import { TaskRowBody } from "./task-row.tsx";

/**
 * Drag and drop of the task list, around its rows in manual order only. Loaded on demand (task-list-section.tsx):
 * dnd-kit is a tenth of the list page's script and the other sorts never drag.
 */
export function TaskListDnd({
  children,
  onDragOver,
  onDragEnd,
  onDragCancel,
}: {
  children: ReactNode;
  onDragOver: (event: DragOverEvent) => void;
  onDragEnd: (event: DragEndEvent) => void;
  onDragCancel: () => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={underPointer}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <DraggableRows.Provider value={DRAGGABLE_ROWS}>{children}</DraggableRows.Provider>
    </DndContext>
  );
}

/** The row under the pointer: rows are thin and stacked, so overlap alone would often pick a neighbour. */
const underPointer: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

function DraggableTaskRow(props: TaskRowProps) {
  const id = `t:${props.row.task.id}`;
  const drag = useDraggable({ id });
  const drop = useDroppable({ id });
  return (
    <TaskRowBody
      {...props}
      dnd={{ setDropRef: drop.setNodeRef, setDragRef: drag.setNodeRef, handle: drag, isDragging: drag.isDragging }}
    />
  );
}

function DraggableHeaderRow(props: HeaderRowProps) {
  const { row, actions } = props;
  const droppableId =
    row.kind === "primaryItem" ? `h:${row.level}:${row.itemId}` : row.kind === "project" ? `h:project:${row.key}` : "";
  const drop = useDroppable({ id: droppableId || `h:none:${row.key}`, disabled: !droppableId });
  const itemDrag = useDraggable({
    id: row.kind === "primaryItem" ? `i:${row.level}:${row.itemId}` : `i:none:${row.key}`,
    disabled: row.kind !== "primaryItem" || !actions.onRenameItem,
  });
  return (
    <HeaderRowBody
      {...props}
      dnd={{
        setRef: (node) => {
          drop.setNodeRef(node);
          itemDrag.setNodeRef(node);
        },
        isOver: drop.isOver,
        isDragging: itemDrag.isDragging,
        handle: itemDrag,
      }}
    />
  );
}

const DRAGGABLE_ROWS = { Task: DraggableTaskRow, Header: DraggableHeaderRow };
