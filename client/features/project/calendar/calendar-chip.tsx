import { useDraggable } from "@dnd-kit/core";
import { Link } from "@tanstack/react-router";
import { memo, useMemo } from "react";
import type { Task } from "../../../../shared/entities.ts";
import type { CardContext } from "../cards/card-context.ts";
import { isDone, TaskKey, TaskStatusIcon } from "../cards/task-meta.tsx";

/** What a chip's draggable carries: the task it moves. */
export type ChipDragData = { type: "chip"; taskId: string };

/** The calendar's DndContext id, which dnd-kit also gives its hidden dragging instructions. */
export const calendarDragInstructionsId = "calendar-drag-instructions";

type CalendarChipProps = {
  task: Task;
  context: CardContext;
  /**
   * Where this chip is (a day cell, the day's list, the undated list): a task may show in two
   * places at once (a cell and its "+3 more" list), and dnd-kit needs one id per draggable.
   */
  place: string;
  /** Whether Tab stops on it (the chips of the focused day, and the lists). */
  tabbable: boolean;
  onPeek: (taskId: string) => void;
};

/**
 * A task on the calendar: its status icon, key and title in one line, as a link to the task
 * (a plain click opens the peek, a modified one the full page). A pointer drags it to another
 * day; from the keyboard Space picks it up, arrows move it from day to day, Space or Enter
 * drops it and Escape puts it back.
 */
export const CalendarChip = memo(function CalendarChip(props: CalendarChipProps) {
  const { task, context, place, tabbable, onPeek } = props;
  const { workspaceId, projectId } = context;
  const data: ChipDragData = useMemo(() => ({ type: "chip", taskId: task.id }), [task.id]);
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `${place}:${task.id}`,
    data,
    disabled: !context.can.update,
  });
  return (
    <Link
      ref={setNodeRef}
      className="calendar-chip"
      to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
      params={{ workspaceId, projectId, taskId: task.id }}
      data-task-id={task.id}
      data-done={isDone(task, context)}
      data-dragging={isDragging || undefined}
      tabIndex={tabbable ? 0 : -1}
      draggable={false}
      aria-describedby={context.can.update ? calendarDragInstructionsId : undefined}
      {...listeners}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        if (event.altKey) return;
        event.preventDefault();
        onPeek(task.id);
      }}
    >
      <ChipBody task={task} context={context} />
    </Link>
  );
});

/** The chip's content, also drawn under the pointer while it is dragged. */
export const ChipBody = memo(function ChipBody(props: { task: Task; context: CardContext }) {
  const { task, context } = props;
  return (
    <>
      <TaskStatusIcon task={task} context={context} />
      <TaskKey task={task} context={context} />
      <span className="calendar-chip-title">{task.title}</span>
    </>
  );
});
