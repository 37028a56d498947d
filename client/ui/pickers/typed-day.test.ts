import { describe, expect, test } from "vitest";
import { parseTypedDay } from "./typed-day.ts";

// A Wednesday.
const today = "2026-11-25";

describe("a typed due date", () => {
  test("an ISO date is that day, and a day that does not exist is nothing", () => {
    expect(parseTypedDay("2027-01-31", today)).toBe("2027-01-31");
    expect(parseTypedDay("2027-02-30", today)).toBeNull();
  });

  test("a number of days or weeks counts from today", () => {
    expect(parseTypedDay("3 days", today)).toBe("2026-11-28");
    expect(parseTypedDay("in 2 weeks", today)).toBe("2026-12-09");
    expect(parseTypedDay("1d", today)).toBe("2026-11-26");
    expect(parseTypedDay("2w", today)).toBe("2026-12-09");
  });

  test("a month and day without a year is the nearest such day, up to about six months back", () => {
    expect(parseTypedDay("Dec 5", today)).toBe("2026-12-05");
    expect(parseTypedDay("5 december", today)).toBe("2026-12-05");
    expect(parseTypedDay("feb 9", today)).toBe("2027-02-09");
    expect(parseTypedDay("Nov 25", today)).toBe("2026-11-25");
    expect(parseTypedDay("Mar 3, 2028", today)).toBe("2028-03-03");
    // Just passed: that day, so a task can be made overdue from the keyboard.
    expect(parseTypedDay("Nov 24", today)).toBe("2026-11-24");
    expect(parseTypedDay("sept 1", today)).toBe("2026-09-01");
    // More than about six months back: next year's.
    expect(parseTypedDay("may 20", today)).toBe("2027-05-20");
    expect(parseTypedDay("Feb 29", today)).toBeNull();
  });

  test("a weekday is the next one, a week away when it is today's", () => {
    expect(parseTypedDay("friday", today)).toBe("2026-11-27");
    expect(parseTypedDay("mon", today)).toBe("2026-11-30");
    expect(parseTypedDay("wed", today)).toBe("2026-12-02");
  });

  test("anything else means no day", () => {
    expect(parseTypedDay("", today)).toBeNull();
    expect(parseTypedDay("tom", today)).toBeNull();
    expect(parseTypedDay("someday", today)).toBeNull();
    expect(parseTypedDay("Foo 5", today)).toBeNull();
    expect(parseTypedDay("decoy 5", today)).toBeNull();
    expect(parseTypedDay("sunny", today)).toBeNull();
  });
});
