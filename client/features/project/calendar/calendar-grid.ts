/**
 * The calendar's days as `YYYY-MM-DD` strings (due dates are calendar days, so they compare as
 * strings), in the person's time zone. Weeks start on Monday, as in the due date picker's month
 * and the "Due this week" filter (`weekOf` in lib/due-date.ts): one week for the whole app.
 */
import { addDays, localDay, weekOf } from "../../../lib/due-date.ts";

export const calendarLayouts = ["month", "week"] as const;
export type CalendarLayout = (typeof calendarLayouts)[number];

function dateOf(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(year, month - 1, date);
}

/** Whether `text` names a day that exists, written `YYYY-MM-DD` (2026-02-30 does not). */
export function isCalendarDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && localDay(dateOf(text)) === text;
}

/** The first day of the month `day` falls in. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

function monthEnd(day: string): string {
  const [year = 0, month = 1] = day.split("-").map(Number);
  return localDay(new Date(year, month, 0));
}

/**
 * The weeks a month grid shows for the month `day` falls in: Monday of the week holding the
 * 1st to Sunday of the week holding the last day, so four to six rows of seven days.
 */
export function monthWeeks(day: string): string[][] {
  const first = weekOf(monthStart(day)).start;
  const last = weekOf(monthEnd(day)).end;
  const weeks: string[][] = [];
  for (let start = first; start <= last; start = addDays(start, 7)) {
    weeks.push(weekDays(start));
  }
  return weeks;
}

/** Monday to Sunday of the week `day` falls in. */
export function weekDays(day: string): string[] {
  const { start } = weekOf(day);
  return Array.from({ length: 7 }, (_, index) => addDays(start, index));
}

/** Every day the layout shows around `day`, in order. */
export function visibleDays(layout: CalendarLayout, day: string): string[] {
  return layout === "month" ? monthWeeks(day).flat() : weekDays(day);
}

/** Whether two days are in the same month. */
export function sameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/**
 * The day one period (a month or a week) before or after `day`. A month keeps the day of the
 * month where it exists and takes the month's last day where it does not: Jan 31 → Feb 28.
 */
export function shiftPeriod(layout: CalendarLayout, day: string, step: number): string {
  if (layout === "week") return addDays(day, 7 * step);
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const target = new Date(year, month - 1 + step, 1);
  const lastDate = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(date, lastDate));
  return localDay(target);
}

/**
 * Where a key moves the focused day: arrows by a day and a week (in a vertical list of days,
 * up and down go by a day), Home and End to the ends of the week, Page Up and Page Down by a
 * period. Null for any other key.
 */
export function moveDay(
  day: string,
  key: string,
  layout: CalendarLayout,
  vertical = false,
): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, vertical ? -1 : -7);
    case "ArrowDown":
      return addDays(day, vertical ? 1 : 7);
    case "Home":
      return weekOf(day).start;
    case "End":
      return weekOf(day).end;
    case "PageUp":
      return shiftPeriod(layout, day, -1);
    case "PageDown":
      return shiftPeriod(layout, day, 1);
    default:
      return null;
  }
}

// Made once: a formatter built per call is what the board's cards once paid for.
const monthFormat = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric" });
const rangeFormat = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  year: "numeric",
});
const longDayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: "short" });
const weekdayLongFormat = new Intl.DateTimeFormat(undefined, { weekday: "long" });
const monthDayFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });

/** The heading of what is shown: "November 2026", or a week's "Nov 23 – 29, 2026". */
export function periodTitle(layout: CalendarLayout, day: string): string {
  if (layout === "month") return monthFormat.format(dateOf(day));
  const days = weekDays(day);
  return rangeFormat.formatRange(dateOf(days[0] ?? day), dateOf(days[6] ?? day));
}

const longDayNames = new Map<string, string>();

/** A day as a screen reader hears it: "Tuesday, November 24, 2026". */
export function longDayName(day: string): string {
  let name = longDayNames.get(day);
  if (name === undefined) {
    // Each cell of a month names its day: formatting is the slow part, so each day once.
    if (longDayNames.size > 1000) longDayNames.clear();
    name = longDayFormat.format(dateOf(day));
    longDayNames.set(day, name);
  }
  return name;
}

/** The weekday's short name ("Tue") and its long one ("Tuesday"). */
export function weekdayNames(day: string): { short: string; long: string } {
  const date = dateOf(day);
  return { short: weekdayFormat.format(date), long: weekdayLongFormat.format(date) };
}

/** "Nov 24": the first day of a month in a month grid, and a day in the week's headings. */
export function shortDayName(day: string): string {
  return monthDayFormat.format(dateOf(day));
}

/** The day of the month, 1–31. */
export function dayOfMonth(day: string): number {
  return Number(day.slice(8, 10));
}
