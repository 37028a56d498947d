import { addDays } from "../../lib/due-date.ts";

const months = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** The index of the name that `word` begins (three letters at least), or -1. */
function nameIndex(names: string[], word: string): number {
  return word.length >= 3 ? names.findIndex((name) => name.startsWith(word)) : -1;
}

/** `YYYY-MM-DD` of a year, month (1–12) and day, or null when that day does not exist. */
function dayOf(year: number, month: number, date: number): string | null {
  const moment = new Date(year, month - 1, date);
  if (moment.getMonth() !== month - 1 || moment.getDate() !== date) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Of that day last year, this year and next, the nearest to today; the later one on a tie. */
function nearestDay(today: string, year: number, month: number, date: number): string | null {
  const distance = (day: string) => Math.abs(Date.parse(day) - Date.parse(today)) / DAY_MS;
  const candidates = [year + 1, year, year - 1]
    .map((y) => dayOf(y, month, date))
    .filter((day): day is string => day !== null);
  return candidates.reduce<string | null>(
    (best, day) => (best === null || distance(day) < distance(best) ? day : best),
    null,
  );
}

function monthOf(word: string): number | null {
  const index = nameIndex(months, word);
  return index >= 0 ? index + 1 : null;
}

/**
 * The day a typed due date means, in the due date picker's filter field, as Linear reads it:
 * `2026-12-05`, `3 days`, `in 2 weeks`, `2w`, `Dec 5`, `5 december`, `Dec 5 2027`, `friday`.
 * A day and month without a year is the nearest such day, up to about six months back ("Dec 1"
 * typed on Dec 2 is yesterday: overdue, not next year). Null when the text is none of these.
 */
export function parseTypedDay(text: string, today: string): string | null {
  const typed = text.trim().toLowerCase().replace(/,/g, " ").replace(/\s+/g, " ");
  const [year = 0, month = 1] = today.split("-").map(Number);

  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));

  const span = /^(?:in )?(\d{1,3}) ?(d|days?|w|weeks?)$/.exec(typed);
  if (span) return addDays(today, Number(span[1]) * (span[2]?.startsWith("w") ? 7 : 1));

  const monthFirst = /^([a-z]{3,9})\.? (\d{1,2})(?: (\d{4}))?$/.exec(typed);
  const dayFirst = /^(\d{1,2}) ([a-z]{3,9})\.?(?: (\d{4}))?$/.exec(typed);
  const parts = monthFirst
    ? { month: monthOf(monthFirst[1] ?? ""), date: Number(monthFirst[2]), year: monthFirst[3] }
    : dayFirst
      ? { month: monthOf(dayFirst[2] ?? ""), date: Number(dayFirst[1]), year: dayFirst[3] }
      : null;
  if (parts?.month) {
    if (parts.year) return dayOf(Number(parts.year), parts.month, parts.date);
    return nearestDay(today, year, parts.month, parts.date);
  }

  const weekday = nameIndex(weekdays, typed);
  if (weekday >= 0) {
    const todayWeekday = new Date(year, month - 1, Number(today.slice(8))).getDay();
    // The next such day: a Friday typed on a Friday is a week away.
    return addDays(today, ((weekday - todayWeekday + 6) % 7) + 1);
  }
  return null;
}
