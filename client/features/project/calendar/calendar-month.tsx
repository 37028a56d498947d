import { useDndMonitor } from "@dnd-kit/core";
import { memo, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import type { Task } from "../../../../shared/entities.ts";
import { Popover, PopoverContent, PopoverTitle, PopoverTrigger } from "../../../ui/popover.tsx";
import type { CardContext } from "../cards/card-context.ts";
import { DayCell, DayTasks } from "./calendar-day.tsx";
import { dayOfMonth, longDayName, sameMonth, shortDayName, weekdayNames } from "./calendar-grid.ts";

type CalendarMonthProps = {
  /** The focused day, in the month shown. */
  day: string;
  /** The grid's days, whole weeks from a Monday. */
  days: readonly string[];
  today: string;
  byDay: ReadonlyMap<string, readonly Task[]>;
  context: CardContext;
  title: string;
  onPeek: (taskId: string) => void;
};

/** A chip's line in a day cell, its gap included (calendar.css: 1.375rem + 2px). */
const CHIP_LINE_PX = 24;
/** The day's number above its chips, with the cell's padding. */
const DAY_HEAD_PX = 30;

/**
 * The month as a grid of weeks, Monday first. A day shows as many chips as its cell has room
 * for; when there are more, the last line is "+3 more", which opens the day's whole list.
 */
export function CalendarMonth(props: CalendarMonthProps) {
  const { day, days, today, byDay, context, title, onPeek } = props;
  const weeks = useMemo(
    () => Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7)),
    [days],
  );
  const body = useRef<HTMLDivElement>(null);
  const lines = useChipLines(body, weeks.length);
  return (
    <div className="calendar-month" role="grid" aria-label={title}>
      <div className="calendar-weekdays" role="row">
        {(weeks[0] ?? []).map((weekday) => {
          const names = weekdayNames(weekday);
          return (
            <div key={weekday} role="columnheader" aria-label={names.long}>
              {names.short}
            </div>
          );
        })}
      </div>
      <div
        ref={body}
        className="calendar-month-body"
        style={{ gridTemplateRows: `repeat(${weeks.length}, minmax(0, 1fr))` }}
      >
        {weeks.map((week) => (
          <div key={week[0]} className="calendar-week-row" role="row">
            {week.map((cell) => (
              <MonthDay
                key={cell}
                day={cell}
                tasks={byDay.get(cell)}
                active={cell === day}
                today={cell === today}
                outside={!sameMonth(cell, day)}
                lines={lines}
                context={context}
                onPeek={onPeek}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * How many chip lines a day cell has room for. The grid's height comes from a ResizeObserver
 * (the window resized), never from reading the layout as the month changes.
 */
function useChipLines(body: RefObject<HTMLDivElement | null>, rows: number): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setHeight(entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [body]);
  if (height === 0) return 3;
  return Math.max(2, Math.floor((height / rows - DAY_HEAD_PX) / CHIP_LINE_PX));
}

type MonthDayProps = {
  day: string;
  tasks: readonly Task[] | undefined;
  active: boolean;
  today: boolean;
  outside: boolean;
  lines: number;
  context: CardContext;
  onPeek: (taskId: string) => void;
};

const noTasks: readonly Task[] = [];

const MonthDay = memo(function MonthDay(props: MonthDayProps) {
  const { day, tasks = noTasks, active, today, outside, lines, context, onPeek } = props;
  // Room for `lines` chips; past that, one line less and "+N more".
  const shown = tasks.length > lines ? tasks.slice(0, lines - 1) : tasks;
  const hidden = tasks.length - shown.length;
  const number = dayOfMonth(day);
  return (
    <DayCell
      day={day}
      className="calendar-day"
      active={active}
      today={today}
      outside={outside}
      count={tasks.length}
    >
      <div className="calendar-day-head" aria-hidden="true">
        <span className="calendar-day-number">{number === 1 ? shortDayName(day) : number}</span>
      </div>
      <DayTasks tasks={shown} context={context} place="cell" tabbable={active} onPeek={onPeek} />
      {hidden > 0 && (
        <DayList
          day={day}
          tasks={tasks}
          hidden={hidden}
          tabbable={active}
          context={context}
          onPeek={onPeek}
        />
      )}
    </DayCell>
  );
});

type DayListProps = {
  day: string;
  tasks: readonly Task[];
  hidden: number;
  tabbable: boolean;
  context: CardContext;
  onPeek: (taskId: string) => void;
};

/**
 * "+3 more": the day's whole list in a popover. Until first opened it is a plain button: a
 * month of busy days carries no popover machinery (as the card menu does on the board).
 */
function DayList(props: DayListProps) {
  const { day, hidden, tabbable } = props;
  const [used, setUsed] = useState(false);
  const label = `${hidden} more ${hidden === 1 ? "task" : "tasks"} on ${longDayName(day)}`;
  if (used) return <DayListPopover {...props} label={label} />;
  return (
    <button
      type="button"
      className="calendar-more"
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => setUsed(true)}
    >
      +{hidden} more
    </button>
  );
}

/**
 * The day's list, open. Its chips drag like the others; while one is dragged the list steps out
 * of the way (hidden, not closed, so the drag keeps its chip), and it closes once it is dropped.
 */
function DayListPopover(props: DayListProps & { label: string }) {
  const { day, tasks, hidden, tabbable, context, label, onPeek } = props;
  const [open, setOpen] = useState(true);
  const [dragging, setDragging] = useState(false);
  useDndMonitor({
    onDragStart: () => {
      if (open) setDragging(true);
    },
    onDragEnd: () => {
      if (!dragging) return;
      setDragging(false);
      setOpen(false);
    },
    onDragCancel: () => setDragging(false),
  });
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger className="calendar-more" tabIndex={tabbable ? 0 : -1} aria-label={label}>
        +{hidden} more
      </PopoverTrigger>
      <PopoverContent
        className={dragging ? "calendar-day-list calendar-day-list-dragging" : "calendar-day-list"}
        side="bottom"
        align="start"
      >
        <PopoverTitle>{longDayName(day)}</PopoverTitle>
        <DayTasks tasks={tasks} context={context} place="list" tabbable onPeek={onPeek} />
      </PopoverContent>
    </Popover>
  );
}
