import { describe, expect, it } from "vitest";
import type { Activity, Member } from "../../shared/entities.ts";
import { activityText, memberNames, statusNames } from "./activity-text.ts";
import { defaultStatuses } from "../../shared/statuses.ts";

const member = (id: string, name: string): Member => ({
  id,
  workspaceId: "w1",
  name,
  email: `${id}@example.com`,
  image: null,
  role: "member",
});
const nameOf = memberNames([member("ann", "Ann"), member("bob", "Bob")]);
const statusOf = statusNames([...defaultStatuses, { id: "x7Qa", name: "Ready for QA" }]);
const text = (activity: Activity) => activityText(activity, nameOf, statusOf);

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
  it("names statuses and priorities as the screens do, a project's own statuses too", () => {
    expect(text(line("status", "to-do", "in-progress"))).toBe(
      "Ann changed status from To do to In progress",
    );
    expect(text(line("status", "in-progress", "x7Qa"))).toBe(
      "Ann changed status from In progress to Ready for QA",
    );
    expect(text(line("priority", "no-priority", "urgent"))).toBe(
      "Ann changed priority from No priority to Urgent",
    );
  });

  it("names the people a task is assigned to and taken from", () => {
    expect(text(line("assignee", null, "bob"))).toBe("Ann assigned Bob");
    expect(text(line("assignee", null, "ann"))).toBe("Ann assigned themselves");
    expect(text(line("assignee", "bob", null))).toBe("Ann unassigned Bob");
    expect(text(line("assignee", "gone", "bob"))).toBe(
      "Ann changed the assignee from a former member to Bob",
    );
  });

  it("says when a due date is set and removed", () => {
    expect(text(line("due-date", null, "2030-05-17"))).toMatch(/^Ann set the due date to .*2030/);
    expect(text(line("due-date", "2030-05-17", null))).toBe("Ann removed the due date");
  });

  it("quotes the old and new title, and tells creation, restoring and comments apart", () => {
    expect(text(line("title", "Old", "New"))).toBe("Ann renamed the task from “Old” to “New”");
    expect(text(line("created", null, null))).toBe("Ann created the task");
    expect(text(line("restored", null, null))).toBe("Ann restored the task");
    expect(text({ ...line("comment", null, null), actorId: null })).toBe("Someone commented");
  });

  it("names the parent and the sub-tasks by their keys", () => {
    expect(text(line("parent", null, "WEB-2"))).toBe("Ann set parent WEB-2");
    expect(text(line("parent", "WEB-2", "WEB-3"))).toBe(
      "Ann changed the parent from WEB-2 to WEB-3",
    );
    expect(text(line("parent", "WEB-2", null))).toBe("Ann removed parent WEB-2");
    expect(text(line("subtask", null, "WEB-5"))).toBe("Ann added sub-task WEB-5");
    expect(text(line("subtask", "WEB-5", null))).toBe("Ann removed sub-task WEB-5");
  });

  it("says each side of a relation in its own words", () => {
    expect(text(line("blocks", null, "WEB-7"))).toBe("Ann marked as blocking WEB-7");
    expect(text(line("blocked-by", null, "WEB-3"))).toBe("Ann marked as blocked by WEB-3");
    expect(text(line("duplicate-of", null, "OPS-1"))).toBe("Ann marked as duplicate of OPS-1");
    expect(text(line("relates", "WEB-4", null))).toBe("Ann removed relation related to WEB-4");
  });
});
