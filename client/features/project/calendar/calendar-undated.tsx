import { useDroppable } from "@dnd-kit/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useRef } from "react";
import type { Task } from "../../../../shared/entities.ts";
import type { CardContext } from "../cards/card-context.ts";
import { CalendarChip } from "./calendar-chip.tsx";
import type { DayDropData } from "./calendar-day.tsx";

type CalendarUndatedProps = {
  tasks: readonly Task[];
  context: CardContext;
  filtered: boolean;
  /** The project has no task the calendar shows, dated or not. */
  projectEmpty: boolean;
  onPeek: (taskId: string) => void;
};

const dropData: DayDropData = { type: "undated" };

/** A chip's row in the list before it is measured (calendar.css: the chip and its gap). */
const estimateSize = () => 30;

/**
 * "No due date": the open tasks still to schedule, to drag onto a day (and the place to drop
 * a task to take its due date away). Only the rows in view are in the page: a large project
 * has thousands.
 */
export const CalendarUndated = memo(function CalendarUndated(props: CalendarUndatedProps) {
  const { tasks, context, filtered, projectEmpty, onPeek } = props;
  // A new key function would have the virtualiser measure every row again on each render.
  const itemKey = useCallback((index: number) => tasks[index]?.id ?? index, [tasks]);
  const { setNodeRef, isOver } = useDroppable({ id: "undated", data: dropData });
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey: itemKey,
    overscan: 8,
  });
  return (
    <aside
      ref={setNodeRef}
      className="calendar-undated"
      aria-labelledby="calendar-undated-title"
      data-over={isOver || undefined}
    >
      <h2 id="calendar-undated-title" className="calendar-undated-title">
        No due date <span className="calendar-undated-count">{tasks.length}</span>
      </h2>
      {tasks.length === 0 ? (
        <p className="calendar-undated-empty">{emptyText(filtered, projectEmpty)}</p>
      ) : (
        <>
          <p className="calendar-undated-hint">Drag a task onto a day to schedule it.</p>
          <div ref={scroller} className="calendar-undated-scroller">
            <ul className="calendar-undated-list" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => {
                const task = tasks[item.index];
                if (!task) return null;
                return (
                  <li
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    className="calendar-undated-item"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <CalendarChip
                      task={task}
                      context={context}
                      place="undated"
                      tabbable
                      onPeek={onPeek}
                    />
                  </li>
                );
              })}
            </ul>
          </div>
        </>
      )}
    </aside>
  );
});

function emptyText(filtered: boolean, projectEmpty: boolean): string {
  if (filtered) return "No task without a due date matches the filters.";
  if (projectEmpty) return "No tasks yet — add one with New task.";
  return "Every open task has a due date.";
}
