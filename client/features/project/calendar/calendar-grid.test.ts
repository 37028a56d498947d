import { describe, expect, it } from "vitest";
import {
  isCalendarDay,
  monthWeeks,
  moveDay,
  sameMonth,
  shiftPeriod,
  visibleDays,
  weekDays,
} from "./calendar-grid.ts";

describe("the calendar's days", () => {
  it("are real days written YYYY-MM-DD", () => {
    expect(isCalendarDay("2026-11-24")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("2026-11-4")).toBe(false);
    expect(isCalendarDay("next tuesday")).toBe(false);
  });

  it("make a month of whole weeks, Monday to Sunday, around the 1st and the last day", () => {
    // November 2026 starts on a Sunday and ends on a Monday: six rows.
    const november = monthWeeks("2026-11-24");
    expect(november).toHaveLength(6);
    expect(november[0]).toEqual(weekDays("2026-10-26"));
    expect(november[0]?.[0]).toBe("2026-10-26");
    expect(november[0]?.[6]).toBe("2026-11-01");
    expect(november[5]?.[0]).toBe("2026-11-30");
    expect(november[5]?.[6]).toBe("2026-12-06");
    for (const week of november) expect(week).toHaveLength(7);
  });

  it("give a month that fits in four weeks four rows", () => {
    // February 2027 starts on a Monday and has 28 days.
    const february = monthWeeks("2027-02-10");
    expect(february).toHaveLength(4);
    expect(february[0]?.[0]).toBe("2027-02-01");
    expect(february[3]?.[6]).toBe("2027-02-28");
  });

  it("make a week from its Monday, across a month and a year", () => {
    expect(weekDays("2026-12-31")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(weekDays("2026-11-23")[0]).toBe("2026-11-23");
    expect(weekDays("2026-11-29")[0]).toBe("2026-11-23");
  });

  it("show every day of the month grid or of the week", () => {
    expect(visibleDays("month", "2026-11-24")).toHaveLength(42);
    expect(visibleDays("week", "2026-11-24")).toEqual(weekDays("2026-11-24"));
  });

  it("tell whether two days share a month", () => {
    expect(sameMonth("2026-11-01", "2026-11-30")).toBe(true);
    expect(sameMonth("2026-11-30", "2026-12-01")).toBe(false);
    expect(sameMonth("2025-11-01", "2026-11-01")).toBe(false);
  });
});

describe("previous and next", () => {
  it("go a month back or forth, keeping the day of the month where it exists", () => {
    expect(shiftPeriod("month", "2026-11-24", 1)).toBe("2026-12-24");
    expect(shiftPeriod("month", "2026-11-24", -1)).toBe("2026-10-24");
    expect(shiftPeriod("month", "2026-12-15", 1)).toBe("2027-01-15");
    expect(shiftPeriod("month", "2027-01-31", 1)).toBe("2027-02-28");
    expect(shiftPeriod("month", "2028-03-31", -1)).toBe("2028-02-29");
  });

  it("go a week back or forth", () => {
    expect(shiftPeriod("week", "2026-11-24", 1)).toBe("2026-12-01");
    expect(shiftPeriod("week", "2026-11-24", -1)).toBe("2026-11-17");
  });
});

describe("the keyboard", () => {
  const day = "2026-11-25"; // a Wednesday

  it("moves by a day left and right and by a week up and down", () => {
    expect(moveDay(day, "ArrowLeft", "month")).toBe("2026-11-24");
    expect(moveDay(day, "ArrowRight", "month")).toBe("2026-11-26");
    expect(moveDay(day, "ArrowUp", "month")).toBe("2026-11-18");
    expect(moveDay(day, "ArrowDown", "month")).toBe("2026-12-02");
  });

  it("moves by a day up and down in a vertical list of days", () => {
    expect(moveDay(day, "ArrowUp", "week", true)).toBe("2026-11-24");
    expect(moveDay(day, "ArrowDown", "week", true)).toBe("2026-11-26");
  });

  it("goes to the ends of the week with Home and End, and by a period with Page Up and Down", () => {
    expect(moveDay(day, "Home", "month")).toBe("2026-11-23");
    expect(moveDay(day, "End", "month")).toBe("2026-11-29");
    expect(moveDay(day, "PageDown", "month")).toBe("2026-12-25");
    expect(moveDay(day, "PageUp", "week")).toBe("2026-11-18");
  });

  it("leaves other keys alone", () => {
    expect(moveDay(day, "Enter", "month")).toBeNull();
    expect(moveDay(day, "a", "month")).toBeNull();
  });
});
