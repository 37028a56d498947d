import { describe, expect, it } from "vitest";
import type { Task } from "../../../shared/entities.ts";
import { indexDigest, taskDraft } from "./search-documents.ts";

const task = (id: string, title: string): Task => ({
  id,
  workspaceId: "w",
  projectId: "p",
  number: 1,
  title,
  description: "",
  status: "to-do",
  priority: "no-priority",
  assigneeId: null,
  dueDate: null,
  position: "a0",
  labelIds: [],
  parentId: null,
  createdBy: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
});

const stampOf = (id: string, title: string) => taskDraft(task(id, title), "WEB").stamp;

describe("an index's digest", () => {
  const stamps = [stampOf("a", "Tidy the page"), stampOf("b", "Fix the footer")];

  it("is the same for the same documents in any order", () => {
    expect(indexDigest([...stamps].reverse())).toBe(indexDigest(stamps));
  });

  it("changes when a document's content changes, or one goes", () => {
    const digest = indexDigest(stamps);
    expect(indexDigest([stampOf("a", "Tidy the pages"), stamps[1]!])).not.toBe(digest);
    expect(indexDigest([stamps[0]!])).not.toBe(digest);
    expect(indexDigest([])).not.toBe(digest);
  });
});
