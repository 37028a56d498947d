import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type Over,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useEffect, useMemo, useState, type FocusEvent } from "react";
import type { Task, TaskStatus } from "../../../../shared/entities.ts";
import { columnOf } from "../../../platform/sync/task-store.ts";
import { formatTaskKey } from "../../../../shared/task-key.ts";
import type { WorkflowStatus } from "../../../../shared/statuses.ts";
import { statusProgress } from "../../../ui/status-icon.tsx";
import {
  BoardColumn,
  type CardHeights,
  type ColumnDropData,
  type DropTarget,
} from "./board-column.tsx";
import type { Columns, Totals } from "./use-board-columns.ts";
import type { CardActions } from "../cards/card-actions.ts";
import type { CardContext } from "../cards/card-context.ts";
import { dragInstructionsId, TaskCardBody, type CardDropData } from "../cards/task-card.tsx";
import type { Placement } from "./task-placement.ts";
import { MouseAndPenSensor } from "./mouse-and-pen-sensor.ts";
import { isDone } from "../cards/task-meta.tsx";
import type { MoveTask, NewTask } from "../cards/use-task-actions.ts";
import { noteDragEnded } from "./drag-click-guard.ts";
import type { CardLinks } from "../cards/use-card-links.ts";

type DropData = CardDropData | ColumnDropData;

type BoardViewProps = {
  /** The columns shown, from the project's status list (after the status filter). */
  statuses: readonly WorkflowStatus[];
  /** The filtered tasks of each column, in board order. */
  columns: Columns;
  totals: Totals;
  filtered: boolean;
  context: CardContext;
  links: CardLinks;
  findTask: (id: string) => Task | undefined;
  /** The card reached with `j`/`k` and the cards picked with `x`. */
  focusedId: string | null;
  selectedIds: ReadonlySet<string>;
  onFocus: (event: FocusEvent) => void;
  onMove: MoveTask;
  actions: CardActions;
  onCreate: (task: NewTask) => void;
};

/** The columns side by side, and dragging cards within and between them. */
export function BoardView(props: BoardViewProps) {
  const { statuses, columns, totals, filtered, context, links, findTask, onMove, onCreate } = props;
  const { focusedId, selectedIds } = props;
  const focusedStatus = focusedId === null ? undefined : findTask(focusedId)?.status;
  const [activeId, setActiveId] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget | null>(null);
  // The column whose card is pressed: its cards are sortables until the press ends or a drag
  // that started from it does (then every column's are).
  const [pressed, setPressed] = useState<TaskStatus | null>(null);
  // Compact cards are lower: each density keeps its own heights.
  const [heightsOf] = useState(() => ({ compact: new Map(), comfortable: new Map() }));
  const heights: CardHeights = context.preferences.compactMode
    ? heightsOf.compact
    : heightsOf.comfortable;
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click still opens the task.
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 5 } }),
    // A finger scrolls the columns; held still for a moment on a card, it picks the card up.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const activeTask = activeId === null ? undefined : findTask(activeId);
  const announcements = useAnnouncements(findTask, context);

  const finish = () => {
    noteDragEnded();
    setActiveId(null);
    setDropTarget(null);
    setPressed(null);
  };

  // A press that did not become a drag (a click that opens the task) leaves the cards idle.
  useEffect(() => {
    if (pressed === null || activeId !== null) return;
    const release = () => setPressed(null);
    const events = ["pointerup", "pointercancel", "keyup"] as const;
    for (const event of events) document.addEventListener(event, release);
    return () => {
      for (const event of events) document.removeEventListener(event, release);
    };
  }, [pressed, activeId]);

  const onDragMove = ({ active, over }: DragMoveEvent) => {
    const next = crossColumnTarget(active, over);
    setDropTarget((current) =>
      current?.status === next?.status &&
      current?.taskId === next?.taskId &&
      current?.side === next?.side
        ? current
        : next,
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    finish();
    const placement = over ? placementOf(active, over) : null;
    if (placement) onMove(String(active.id), placement.status, placement.placement);
  };

  return (
    <DndContext
      id={dragInstructionsId}
      sensors={sensors}
      collisionDetection={oneColumnAtATime}
      accessibility={{ announcements }}
      onDragStart={({ active }) => setActiveId(String(active.id))}
      onDragMove={onDragMove}
      onDragOver={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={finish}
    >
      <div
        className="board-columns"
        data-drag-active={activeId !== null || undefined}
        onFocus={props.onFocus}
      >
        {statuses.map((status) => (
          <BoardColumn
            key={status.id}
            status={status}
            progress={statusProgress(context.statuses, status)}
            tasks={columnOf(columns, status.id)}
            total={totals.get(status.id) ?? 0}
            context={context}
            links={links}
            filtered={filtered}
            heights={heights}
            activeId={activeId}
            sortable={activeId !== null || pressed === status.id}
            onArm={setPressed}
            dropTarget={dropTarget?.status === status.id ? dropTarget : null}
            focusedId={focusedStatus === status.id ? focusedId : null}
            selectedIds={selectedIds}
            actions={props.actions}
            onCreate={onCreate}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {activeTask && (
          <article className="task-card task-card-overlay" data-done={isDone(activeTask, context)}>
            <TaskCardBody
              task={activeTask}
              context={context}
              subtasks={links.progress.get(activeTask.id)}
              blocked={links.blocked.has(activeTask.id)}
            />
          </article>
        )}
      </DragOverlay>
    </DndContext>
  );
}

function dropData(item: Active | Over): DropData | undefined {
  return item.data.current as DropData | undefined;
}

/**
 * The column under the pointer (or, from the keyboard, under the dragged card), then the card
 * of that column closest to the dragged one; an empty column is a target of its own.
 */
const oneColumnAtATime: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  const containers = new Map(args.droppableContainers.map((entry) => [entry.id, entry]));
  const column = hits.find((hit) => containers.get(hit.id)?.data.current?.type === "column");
  if (!column) return hits.slice(0, 1);
  const status = containers.get(column.id)?.data.current?.status as TaskStatus | undefined;
  const cards = args.droppableContainers.filter((entry) => {
    const data = entry.data.current as DropData | undefined;
    return data?.type === "task" && data.status === status;
  });
  if (cards.length === 0) return [column];
  const closest = closestCenter({ ...args, droppableContainers: cards });
  return closest.length > 0 ? closest.slice(0, 1) : [column];
};

/** Where a card dropped on `over` goes: its column, and beside which card. */
function placementOf(
  active: Active,
  over: Over,
): { status: TaskStatus; placement: Placement } | null {
  const target = dropData(over);
  const source = dropData(active);
  if (!target || !source) return null;
  if (target.type === "column") return { status: target.status, placement: { kind: "bottom" } };
  if (over.id === active.id) return null;
  const taskId = String(over.id);
  if (source.status === target.status) {
    // Within a column the cards make room as it moves: it takes the place of the card it is over.
    const from = sortableIndex(active);
    const to = sortableIndex(over);
    return { status: target.status, placement: { kind: from < to ? "after" : "before", taskId } };
  }
  return { status: target.status, placement: { kind: sideOf(active, over), taskId } };
}

/** In another column, a card goes above the card it is over when its middle is higher. */
function sideOf(active: Active, over: Over): "before" | "after" {
  const dragged = active.rect.current.translated;
  if (!dragged) return "before";
  const draggedMiddle = dragged.top + dragged.height / 2;
  return draggedMiddle > over.rect.top + over.rect.height / 2 ? "after" : "before";
}

function crossColumnTarget(active: Active, over: Over | null): DropTarget | null {
  const target = over ? dropData(over) : undefined;
  if (!over || !target || target.status === dropData(active)?.status) return null;
  if (target.type === "column") return { status: target.status, taskId: null, side: "after" };
  return { status: target.status, taskId: String(over.id), side: sideOf(active, over) };
}

function sortableIndex(item: Active | Over): number {
  const sortable = (item.data.current as { sortable?: { index: number } } | undefined)?.sortable;
  return sortable?.index ?? -1;
}

/** What a screen reader hears while a card is dragged: task keys and column names, not ids. */
function useAnnouncements(
  findTask: (id: string) => Task | undefined,
  context: CardContext,
): Announcements {
  const { projectKey, statusesById } = context;
  return useMemo(() => {
    const statusName = (status: TaskStatus) => statusesById.get(status)?.name ?? status;
    const name = (id: string | number) => {
      const task = findTask(String(id));
      return task ? `${formatTaskKey(projectKey, task.number)} ${task.title}` : "the task";
    };
    const where = (over: Over | null) => {
      const data = over ? dropData(over) : undefined;
      if (!over || !data) return "no column";
      if (data.type === "column") return `the bottom of ${statusName(data.status)}`;
      return `${name(over.id)} in ${statusName(data.status)}`;
    };
    const columnOf = (over: Over) => {
      const data = dropData(over);
      return data ? statusName(data.status) : "no column";
    };
    return {
      onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over?.id === active.id
          ? `${name(active.id)} is in its place in ${columnOf(over)}.`
          : `${name(active.id)} is over ${where(over)}.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${name(active.id)} was dropped at ${where(over)}.`
          : `${name(active.id)} was put back.`,
      onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
    };
  }, [findTask, projectKey, statusesById]);
}
