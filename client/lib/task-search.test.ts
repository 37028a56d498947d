import { describe, expect, it } from "vitest";
import { testTask } from "./test-task.ts";
import type { Task } from "../../shared/entities.ts";
import { projectCandidates, searchTasks } from "./task-search.ts";

const task = (number: number, title: string, updatedAt = "2026-01-01T00:00:00.000Z"): Task =>
  testTask({ id: `t${number}`, number, title, createdAt: updatedAt, updatedAt });

const tasks = [
  task(1, "Write the spec"),
  task(12, "Ship the release", "2026-03-01T00:00:00.000Z"),
  task(2, "Release notes"),
  task(3, "Pre-release checks"),
];
const candidates = [...projectCandidates([{ id: "p", key: "WEB" }], () => tasks)];
const found = (query: string, limit?: number) =>
  searchTasks(candidates, query, limit).map((candidate) => candidate.key);

describe("finding a task by its key or its title", () => {
  it("finds a task by its key, typed in any case, or by its number", () => {
    expect(found("web-12")[0]).toBe("WEB-12");
    expect(found("12")[0]).toBe("WEB-12");
  });

  it("puts titles that start with the words before titles that contain them", () => {
    expect(found("release")).toEqual(["WEB-2", "WEB-12", "WEB-3"]);
  });

  it("offers the most recently changed tasks before anything is typed, as many as asked", () => {
    expect(found("", 2)).toEqual(["WEB-12", "WEB-1"]);
  });

  it("finds nothing for words no task has", () => {
    expect(found("budget")).toEqual([]);
  });
});
