import { describe, expect, it } from "vitest";
import { addDays, dueState, isOverdue, weekOf } from "./due-date.ts";

describe("due dates", () => {
  const today = "2026-11-25"; // a Wednesday

  it("are overdue before today and due soon within two days", () => {
    expect(dueState("2026-11-24", false, today)).toBe("overdue");
    expect(dueState("2026-11-25", false, today)).toBe("due-soon");
    expect(dueState("2026-11-27", false, today)).toBe("due-soon");
    expect(dueState("2026-11-28", false, today)).toBe("later");
  });

  it("in a plain list are overdue from the day after", () => {
    expect(isOverdue("2026-11-24", today)).toBe(true);
    expect(isOverdue("2026-11-25", today)).toBe(false);
  });

  it("of done tasks are never flagged", () => {
    expect(dueState("2026-01-01", true, today)).toBe("later");
  });

  it("count days across months and years", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("make a week from Monday to Sunday", () => {
    expect(weekOf(today)).toEqual({ start: "2026-11-23", end: "2026-11-29" });
    expect(weekOf("2026-11-23")).toEqual({ start: "2026-11-23", end: "2026-11-29" });
    expect(weekOf("2026-11-29")).toEqual({ start: "2026-11-23", end: "2026-11-29" });
  });
});
