import { useDroppable } from "@dnd-kit/core";
import { memo, useMemo, type ReactNode } from "react";
import type { Task } from "../../../../shared/entities.ts";
import type { CardContext } from "../cards/card-context.ts";
import { CalendarChip } from "./calendar-chip.tsx";
import { longDayName } from "./calendar-grid.ts";

/** What a day's droppable carries; the undated list's carries `undated`. */
export type DayDropData = { type: "day"; day: string } | { type: "undated" };

/** The droppable id of a day, which the keyboard's coordinates look up. */
export const dayDropId = (day: string) => `day:${day}`;

type DayCellProps = {
  day: string;
  className: string;
  /** The calendar's one tab stop: the focused day. */
  active: boolean;
  today: boolean;
  /** A day of the month before or after, shown to fill the grid's weeks. */
  outside?: boolean;
  count: number;
  children: ReactNode;
};

/**
 * A day: a cell of the grid that takes the keyboard's focus and the tasks dropped on it. Only
 * this shell follows the dragging (dnd-kit repaints its droppables as a drag moves); the tasks
 * inside are drawn by the caller and left alone.
 */
export const DayCell = memo(function DayCell(props: DayCellProps) {
  const { day, className, active, today, outside, count, children } = props;
  const data: DayDropData = useMemo(() => ({ type: "day", day }), [day]);
  const { setNodeRef, isOver } = useDroppable({ id: dayDropId(day), data });
  const name = useMemo(() => longDayName(day), [day]);
  const tasks = count === 1 ? "1 task" : count > 1 ? `${count} tasks` : "no tasks";
  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      className={className}
      tabIndex={active ? 0 : -1}
      aria-label={`${name}${today ? ", today" : ""}, ${tasks}`}
      aria-selected={active}
      data-day={day}
      data-today={today || undefined}
      data-outside={outside || undefined}
      data-over={isOver || undefined}
    >
      {children}
    </div>
  );
});

type DayTasksProps = {
  tasks: readonly Task[];
  context: CardContext;
  /** Which draggable the chips are (see `CalendarChip`'s `place`). */
  place: string;
  tabbable: boolean;
  onPeek: (taskId: string) => void;
};

/** A day's chips, one per line. */
export const DayTasks = memo(function DayTasks(props: DayTasksProps) {
  const { tasks, context, place, tabbable, onPeek } = props;
  if (tasks.length === 0) return null;
  return (
    <ul className="calendar-day-tasks">
      {tasks.map((task) => (
        <li key={task.id}>
          <CalendarChip
            task={task}
            context={context}
            place={place}
            tabbable={tabbable}
            onPeek={onPeek}
          />
        </li>
      ))}
    </ul>
  );
});
