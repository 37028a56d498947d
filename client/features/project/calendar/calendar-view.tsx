import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Over,
} from "@dnd-kit/core";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { Task } from "../../../../shared/entities.ts";
import { formatTaskKey } from "../../../../shared/task-key.ts";
import type { CardActions } from "../cards/card-actions.ts";
import type { CardContext } from "../cards/card-context.ts";
import { ChipBody, calendarDragInstructionsId, type ChipDragData } from "./calendar-chip.tsx";
import { dayDropId, type DayDropData } from "./calendar-day.tsx";
import { longDayName, moveDay, type CalendarLayout } from "./calendar-grid.ts";
import { CalendarMonth } from "./calendar-month.tsx";
import { CalendarUndated } from "./calendar-undated.tsx";
import { CalendarWeek } from "./calendar-week.tsx";
import { MouseAndPenSensor } from "../board/mouse-and-pen-sensor.ts";
import { isDone } from "../cards/task-meta.tsx";
import type { CalendarTasks } from "./use-calendar-tasks.ts";

type CalendarViewProps = {
  layout: CalendarLayout;
  /** A phone: the week as a list of days, and the undated tasks under it. */
  vertical: boolean;
  /** The focused day; the month or week shown is the one around it. */
  day: string;
  days: readonly string[];
  today: string;
  title: string;
  tasks: CalendarTasks;
  filtered: boolean;
  context: CardContext;
  actions: CardActions;
  findTask: (id: string) => Task | undefined;
  /** The task's due date as the store has it now. */
  dueDateOf: (taskId: string) => string | null;
  /** The keyboard moved the focus to another day (maybe out of the month or week shown). */
  onDayChange: (day: string) => void;
};

/** A few pixels of movement before a drag starts, so a click still opens the task. */
const pointerOptions = { activationConstraint: { distance: 5 } };
/** A finger scrolls; held still for a moment on a task, it picks the task up. */
const touchOptions = { activationConstraint: { delay: 250, tolerance: 5 } };
/** Enter on a chip opens it: only Space picks it up. */
const keyboardCodes = { start: ["Space"], cancel: ["Escape"], end: ["Space", "Enter"] };

/**
 * The calendar's days and the undated list, and dragging tasks between them: a drop on a day
 * is one `updateTask { dueDate }` (optimistic, so it shows at once here and, once pushed, for
 * everyone); a drop on "No due date" takes the due date away. The keyboard: arrows move the
 * focused day; Enter opens its first task; Tab goes into its tasks, where up and down go
 * from task to task and Space picks one up to carry it to another day with the arrows.
 */
export function CalendarView(props: CalendarViewProps) {
  const { layout, vertical, day, days, today, title, tasks, filtered, context, actions } = props;
  const { findTask, dueDateOf, onDayChange } = props;
  const [activeTaskId, setActiveTaskId] = useState<string | null>(null);
  const keyboardDrag = useRef(false);
  // The day the keyboard's focus is on, for a chip picked up from the undated list.
  const focusedDay = useRef(day);
  useEffect(() => {
    focusedDay.current = day;
  }, [day]);
  // The day a keyboard drag has carried its task to, set as each arrow is handled: dnd-kit's
  // `over` follows only after a render, and arrows pressed quicker than that would each start
  // from the same day and lose a step (and a quick Space would drop on the day before).
  const carried = useRef<string | null>(null);

  // Sensors and their options stay the same objects from render to render: new ones would give
  // dnd-kit new activators, and it would repaint every chip and day with each key press.
  const keyboardOptions = useMemo(
    () => ({
      keyboardCodes,
      coordinateGetter: dayCoordinates(vertical, layout, focusedDay, carried),
    }),
    [vertical, layout],
  );
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, pointerOptions),
    useSensor(TouchSensor, touchOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const announcements = useAnnouncements(findTask, context.projectKey);
  const accessibility = useMemo(
    () => ({ announcements, screenReaderInstructions }),
    [announcements],
  );

  // After a key moved the focused day, the focus follows it to its cell (drawn anew when the
  // month or week changed).
  const container = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef(false);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    container.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
  }, [day]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (activeTaskId !== null || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const cell = target.closest<HTMLElement>("[data-day]");
    const cellDay = cell?.dataset.day;
    if (cell && cellDay && target === cell) {
      if (event.key === "Enter") {
        event.preventDefault();
        const first = tasks.byDay.get(cellDay)?.[0];
        if (first) actions.peek(first.id);
        return;
      }
      const next = moveDay(cellDay, event.key, layout, vertical);
      if (next === null) return;
      event.preventDefault();
      // The cell is on screen unless the month or week changes; then it is focused once drawn.
      container.current?.querySelector<HTMLElement>(`[data-day="${next}"]`)?.focus();
      focusAfterRender.current = true;
      onDayChange(next);
      return;
    }
    // In a list of tasks (a day's, its "+3 more", the undated): up and down go from task to
    // task; Escape in a day goes back to the day.
    const list = cell ?? target.closest<HTMLElement>(".calendar-day-list, .calendar-undated");
    if (!list || !["ArrowDown", "ArrowUp", "Escape"].includes(event.key)) return;
    if (event.key === "Escape" && !cell) return;
    const stops = [...list.querySelectorAll<HTMLElement>(".calendar-chip, .calendar-more")];
    const index = stops.indexOf(target);
    if (index < 0) return;
    event.preventDefault();
    if (event.key === "Escape") cell?.focus();
    else stops[index + (event.key === "ArrowDown" ? 1 : -1)]?.focus();
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveTaskId(null);
    const carriedTo = keyboardDrag.current ? carried.current : null;
    carried.current = null;
    const taskId = chipData(active)?.taskId;
    const target: DayDropData | undefined = carriedTo
      ? { type: "day", day: carriedTo }
      : over
        ? dropData(over)
        : undefined;
    const task = taskId ? findTask(taskId) : undefined;
    if (!task || !target) return;
    const dueDate = target.type === "day" ? target.day : null;
    if (task.dueDate !== dueDate) actions.update(task, { dueDate });
    // The chip is drawn anew on its new day: a keyboard drag's focus follows it there.
    if (keyboardDrag.current) followChip(task.id, dueDateOf);
  };

  const activeTask = activeTaskId === null ? undefined : findTask(activeTaskId);
  return (
    <DndContext
      id={calendarDragInstructionsId}
      sensors={sensors}
      collisionDetection={dayUnderPointer}
      accessibility={accessibility}
      onDragStart={({ active, activatorEvent }) => {
        keyboardDrag.current = activatorEvent instanceof globalThis.KeyboardEvent;
        carried.current = null;
        setActiveTaskId(chipData(active)?.taskId ?? null);
      }}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        carried.current = null;
        setActiveTaskId(null);
      }}
    >
      <div ref={container} className="calendar-body" onKeyDown={onKeyDown}>
        <div className="calendar-main">
          {layout === "month" && !vertical ? (
            <CalendarMonth
              day={day}
              days={days}
              today={today}
              byDay={tasks.byDay}
              context={context}
              title={title}
              onPeek={actions.peek}
            />
          ) : (
            <CalendarWeek
              day={day}
              days={days}
              today={today}
              byDay={tasks.byDay}
              context={context}
              title={title}
              vertical={vertical}
              onPeek={actions.peek}
            />
          )}
        </div>
        <CalendarUndated
          tasks={tasks.undated}
          context={context}
          filtered={filtered}
          projectEmpty={!tasks.any}
          onPeek={actions.peek}
        />
      </div>
      <DragOverlay dropAnimation={null}>
        {activeTask && (
          <div
            className="calendar-chip calendar-chip-overlay"
            data-done={isDone(activeTask, context)}
          >
            <ChipBody task={activeTask} context={context} />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

const screenReaderInstructions = {
  draggable:
    "To move this task to another day, press Space to pick it up, then the arrow keys: left and right go a day, up and down a week. Press Space or Enter to drop it on that day, or Escape to put it back.",
};

function chipData(item: Active): ChipDragData | undefined {
  const data: unknown = item.data.current;
  return isChipData(data) ? data : undefined;
}

function isChipData(data: unknown): data is ChipDragData {
  return typeof data === "object" && data !== null && "type" in data && data.type === "chip";
}

function dropData(item: Over): DayDropData | undefined {
  const data: unknown = item.data.current;
  if (typeof data !== "object" || data === null || !("type" in data)) return undefined;
  if (data.type === "undated") return { type: "undated" };
  if (data.type === "day" && "day" in data && typeof data.day === "string") {
    return { type: "day", day: data.day };
  }
  return undefined;
}

/**
 * A pointer drops on the day (or list) under it; the keyboard on the day under the middle of
 * the chip it carries (the arrows put it there).
 */
const dayUnderPointer: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const { left, top, width, height } = args.collisionRect;
  return pointerWithin({
    ...args,
    pointerCoordinates: { x: left + width / 2, y: top + height / 2 },
  });
};

/**
 * Where an arrow key carries a picked-up chip: into the middle of the next day's cell (by a
 * day, or a week up and down in a grid). A chip taken from the undated list goes first to the
 * focused day. Past the days shown it stays where it is.
 */
function dayCoordinates(
  vertical: boolean,
  layout: CalendarLayout,
  focusedDay: { current: string },
  carried: { current: string | null },
): KeyboardCoordinateGetter {
  return (event, { context }) => {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.code)) return undefined;
    event.preventDefault();
    const { over, droppableRects, collisionRect } = context;
    if (!collisionRect) return undefined;
    const from = over ? dropData(over) : undefined;
    const fromDay = carried.current ?? (from?.type === "day" ? from.day : null);
    const target = fromDay ? moveDay(fromDay, event.code, layout, vertical) : focusedDay.current;
    const rect = target ? droppableRects.get(dayDropId(target)) : undefined;
    if (!rect) return undefined;
    carried.current = target;
    return {
      x: rect.left + rect.width / 2 - collisionRect.width / 2,
      y: rect.top + Math.min(rect.height / 2, 48) - collisionRect.height / 2,
    };
  };
}

/** What a screen reader hears while a task is dragged: its key and title, and day names. */
function useAnnouncements(
  findTask: (id: string) => Task | undefined,
  projectKey: string,
): Announcements {
  return useMemo(() => {
    const name = (active: Active) => {
      const taskId = chipData(active)?.taskId;
      const task = taskId ? findTask(taskId) : undefined;
      return task ? `${formatTaskKey(projectKey, task.number)} ${task.title}` : "The task";
    };
    const where = (over: Over | null) => {
      const data = over ? dropData(over) : undefined;
      if (!data) return null;
      return data.type === "day" ? longDayName(data.day) : "No due date";
    };
    return {
      onDragStart: ({ active }) => `Picked up ${name(active)}.`,
      onDragOver: ({ active, over }) => {
        const place = where(over);
        return place ? `${name(active)} is over ${place}.` : `${name(active)} is over no day.`;
      },
      onDragEnd: ({ active, over }) => {
        const place = where(over);
        return place ? `${name(active)} was moved to ${place}.` : `${name(active)} was put back.`;
      },
      onDragCancel: ({ active }) => `Moving ${name(active)} was cancelled.`,
    };
  }, [findTask, projectKey]);
}

/** How long to look for a moved chip in its new place: about 10 frames. */
const FOCUS_ATTEMPTS = 10;

/**
 * Keeps the focus on a task's chip after the task moved (dropped from the keyboard, or given a
 * new due date by `d`): the chip is drawn anew on its new day a frame or two later, and the
 * focus follows it there, or to the day itself when the chip is among its "+3 more". Only
 * while the focus is nowhere (the old chip went) or still on this task's chip.
 */
export function followChip(
  taskId: string,
  dueDateOf: (taskId: string) => string | null,
  attempt = 0,
) {
  const active = document.activeElement;
  const lost =
    active === null ||
    active === document.body ||
    !active.isConnected ||
    (active instanceof HTMLElement && active.dataset.taskId === taskId);
  if (!lost) return;
  const day = dueDateOf(taskId);
  const place = day === null ? ".calendar-undated" : `.calendar-main [data-day="${day}"]`;
  const chip = document.querySelector<HTMLElement>(
    `${place} .calendar-chip[data-task-id="${taskId}"]`,
  );
  if (chip && chip !== active) chip.focus();
  if (attempt < FOCUS_ATTEMPTS) {
    requestAnimationFrame(() => followChip(taskId, dueDateOf, attempt + 1));
  } else if (!chip && day !== null) {
    document.querySelector<HTMLElement>(`.calendar-main [data-day="${day}"]`)?.focus();
  }
}
