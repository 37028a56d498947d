import { describe, expect, it } from "vitest";
import type { Notification } from "../../../shared/entities.ts";
import { groupByTask, notificationText } from "./notification-text.ts";

const base: Notification = {
  id: "n1",
  workspaceId: "w",
  taskId: "t1",
  kind: "assigned",
  actorId: "u1",
  createdAt: "2026-01-02T10:00:00.000Z",
  readAt: null,
  archivedAt: null,
  projectId: "p",
  taskKey: "WEB-1",
  taskTitle: "Fix the footer",
  from: null,
  to: null,
  commentId: null,
  excerpt: null,
  workspaceName: null,
  invitationId: null,
};

describe("notificationText", () => {
  it("says who did what to the reader", () => {
    expect(notificationText(base, "Ada")).toBe("Ada assigned you");
    expect(notificationText({ ...base, kind: "mentioned" }, "Ada")).toBe("Ada mentioned you");
    expect(notificationText({ ...base, kind: "comment" }, "Ada")).toBe("Ada commented");
  });

  it("names statuses and priorities as the board does", () => {
    const status = { ...base, kind: "status" as const, from: "to-do", to: "done" };
    expect(notificationText(status, "Ada")).toBe("Ada changed status To do → Done");
    const priority = { ...base, kind: "priority" as const, from: "low", to: "urgent" };
    expect(notificationText(priority, "Ada")).toBe("Ada changed priority Low → Urgent");
  });

  it("an invitation names its workspace", () => {
    const invitation = { ...base, kind: "invitation" as const, workspaceName: "Acme" };
    expect(notificationText(invitation, "Ada")).toBe("Ada invited you to Acme");
  });
});

describe("groupByTask", () => {
  it("groups by task where the newest of each falls, keeping the order inside", () => {
    const groups = groupByTask([
      { ...base, id: "a", taskId: "t1" },
      { ...base, id: "b", taskId: "t2", taskKey: "WEB-2", taskTitle: "Logo" },
      { ...base, id: "c", taskId: "t1" },
    ]);
    expect(groups.map((g) => g.title)).toEqual(["WEB-1 Fix the footer", "WEB-2 Logo"]);
    expect(groups[0]?.notifications.map((n) => n.id)).toEqual(["a", "c"]);
  });
});
