import { memo } from "react";
import type { Task } from "../../../../shared/entities.ts";
import type { CardContext } from "../cards/card-context.ts";
import { DayCell, DayTasks } from "./calendar-day.tsx";
import { dayOfMonth, weekdayNames } from "./calendar-grid.ts";

type CalendarWeekProps = {
  /** The focused day, in the week shown. */
  day: string;
  days: readonly string[];
  today: string;
  byDay: ReadonlyMap<string, readonly Task[]>;
  context: CardContext;
  title: string;
  /** A phone's agenda: the days one under the other, each with all its tasks. */
  vertical: boolean;
  onPeek: (taskId: string) => void;
};

/**
 * A week, Monday first: seven columns side by side, each with every task of its day (a column
 * scrolls when it has more than fit), or on a phone the days one under the other as an agenda.
 */
export function CalendarWeek(props: CalendarWeekProps) {
  const { day, days, today, byDay, context, title, vertical, onPeek } = props;
  const cells = days.map((cell) => (
    <WeekDay
      key={cell}
      day={cell}
      tasks={byDay.get(cell)}
      active={cell === day}
      today={cell === today}
      context={context}
      onPeek={onPeek}
    />
  ));
  return (
    <div
      className="calendar-week"
      role="grid"
      aria-label={title}
      data-vertical={vertical || undefined}
    >
      {vertical ? (
        // One row per day: up and down go from day to day.
        cells.map((cell) => (
          <div key={cell.key} role="row" className="calendar-agenda-row">
            {cell}
          </div>
        ))
      ) : (
        <div role="row" className="calendar-week-columns">
          {cells}
        </div>
      )}
    </div>
  );
}

type WeekDayProps = {
  day: string;
  tasks: readonly Task[] | undefined;
  active: boolean;
  today: boolean;
  context: CardContext;
  onPeek: (taskId: string) => void;
};

const WeekDay = memo(function WeekDay(props: WeekDayProps) {
  const { day, tasks, active, today, context, onPeek } = props;
  const names = weekdayNames(day);
  return (
    <DayCell
      day={day}
      className="calendar-week-day"
      active={active}
      today={today}
      count={tasks?.length ?? 0}
    >
      <div className="calendar-week-day-head" aria-hidden="true">
        <span className="calendar-weekday">{names.short}</span>
        <span className="calendar-day-number">{dayOfMonth(day)}</span>
      </div>
      {tasks ? (
        <DayTasks tasks={tasks} context={context} place="cell" tabbable={active} onPeek={onPeek} />
      ) : (
        <p className="calendar-week-empty" aria-hidden="true">
          No tasks
        </p>
      )}
    </DayCell>
  );
});
