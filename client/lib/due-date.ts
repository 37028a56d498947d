/**
 * What a due date means today, in the person's own time zone. Due dates are calendar days
 * (`YYYY-MM-DD`), so they compare as strings.
 */

/** Due within this many days from today (today included) counts as due soon. */
const DUE_SOON_DAYS = 2;

export type DueState = "overdue" | "due-soon" | "later";

/** `YYYY-MM-DD` of a moment in the local time zone. */
export function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The calendar day `days` after `day` (negative goes back). */
export function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return localDay(new Date(year, month - 1, date + days));
}

/** Monday to Sunday of the week `day` falls in. */
export function weekOf(day: string): { start: string; end: string } {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const weekday = (new Date(year, month - 1, date).getDay() + 6) % 7; // Monday = 0
  const start = addDays(day, -weekday);
  return { start, end: addDays(start, 6) };
}

/** Finished work is never late: a done task has no due state worth flagging. */
export function dueState(dueDate: string, done: boolean, today: string): DueState {
  if (done) return "later";
  if (dueDate < today) return "overdue";
  if (dueDate <= addDays(today, DUE_SOON_DAYS)) return "due-soon";
  return "later";
}

/** Past its day, whatever the task's status: for lists that show no "due soon" mark. */
export function isOverdue(dueDate: string, today: string = localDay(new Date())): boolean {
  return dueDate < today;
}

// Made once: `toLocaleDateString` with options builds a formatter on every call, which a
// card entering the board's rendered rows paid for.
const thisYearFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
const otherYearFormat = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** `2026-11-24` → `Nov 24`, with the year only when it is not this year's. */
export function formatDueDate(dueDate: string, today: string): string {
  const [year = 0, month = 1, date = 1] = dueDate.split("-").map(Number);
  const sameYear = dueDate.slice(0, 4) === today.slice(0, 4);
  return (sameYear ? thisYearFormat : otherYearFormat).format(new Date(year, month - 1, date));
}
