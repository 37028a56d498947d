import { describe, expect, it } from "vitest";
import type { Activity, Member } from "../../../shared/entities.ts";
import { activityText, memberNames } from "./activity-text.ts";

const member = (id: string, name: string): Member => ({
  id,
  workspaceId: "w1",
  name,
  email: `${id}@example.com`,
  image: null,
  role: "member",
});
const nameOf = memberNames([member("ann", "Ann"), member("bob", "Bob")]);

const line = (kind: Activity["kind"], from: string | null, to: string | null): Activity => ({
  id: "a1",
  taskId: "t1",
  actorId: "ann",
  kind,
  from,
  to,
  commentId: null,
  createdAt: "2025-01-01T00:00:00.000Z",
});

describe("the activity timeline reads as sentences", () => {
  it("names statuses and priorities as the screens do", () => {
    expect(activityText(line("status", "to-do", "in-progress"), nameOf)).toBe(
      "Ann changed status from To do to In progress",
    );
    expect(activityText(line("priority", "no-priority", "urgent"), nameOf)).toBe(
      "Ann changed priority from No priority to Urgent",
    );
  });

  it("names the people a task is assigned to and taken from", () => {
    expect(activityText(line("assignee", null, "bob"), nameOf)).toBe("Ann assigned Bob");
    expect(activityText(line("assignee", null, "ann"), nameOf)).toBe("Ann assigned themselves");
    expect(activityText(line("assignee", "bob", null), nameOf)).toBe("Ann unassigned Bob");
    expect(activityText(line("assignee", "gone", "bob"), nameOf)).toBe(
      "Ann changed the assignee from a former member to Bob",
    );
  });

  it("says when a due date is set and removed", () => {
    expect(activityText(line("due-date", null, "2030-05-17"), nameOf)).toMatch(
      /^Ann set the due date to .*2030/,
    );
    expect(activityText(line("due-date", "2030-05-17", null), nameOf)).toBe(
      "Ann removed the due date",
    );
  });

  it("quotes the old and new title, and tells creation and comments apart", () => {
    expect(activityText(line("title", "Old", "New"), nameOf)).toBe(
      "Ann renamed the task from “Old” to “New”",
    );
    expect(activityText(line("created", null, null), nameOf)).toBe("Ann created the task");
    expect(activityText({ ...line("comment", null, null), actorId: null }, nameOf)).toBe(
      "Someone commented",
    );
  });
});
