/**
 * The calendar's address: the board's filters (the same chips, the same keys, so a filtered
 * board, list and calendar are one link apart) plus the layout and the day it is on,
 * `?view=week&date=2026-11-24`. A damaged layout or day is dropped on its own.
 */
import { z } from "zod";
import { boardSearchSchema, type BoardSearch } from "../filters/board-search.ts";
import { calendarLayouts, isCalendarDay } from "./calendar-grid.ts";

export const calendarSearchSchema = boardSearchSchema.extend({
  /** Month (the default) or week; a phone always shows its week as a list of days. */
  view: z.enum(calendarLayouts).optional().catch(undefined),
  /** The day the calendar is on (and its keyboard focus); today when absent. */
  date: z.string().refine(isCalendarDay).optional().catch(undefined),
});

export type CalendarSearch = z.infer<typeof calendarSearchSchema>;

/** The filters alone (no view, date or peek), as the board's filter bar takes them. */
export function filtersOf(search: CalendarSearch): BoardSearch {
  const { view: _view, date: _date, peek: _peek, ...filters } = search;
  return filters;
}
