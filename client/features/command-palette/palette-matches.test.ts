import { describe, expect, test } from "vitest";
import type { Project, Task, Workspace } from "../../../shared/entities.ts";
import { paletteMatches, TASK_RESULT_LIMIT } from "./palette-matches.ts";

const at = "2026-01-01T00:00:00.000Z";

const workspace = (id: string, name: string): Workspace => ({
  id,
  name,
  slug: id,
  logo: null,
  role: "owner",
});

const project = (id: string, workspaceId: string, name: string, key: string): Project => ({
  id,
  workspaceId,
  name,
  key,
  icon: null,
  description: "",
  isPublic: false,
  lastTaskNumber: 0,
  createdAt: at,
  updatedAt: at,
});

const task = (projectId: string, workspaceId: string, number: number, title: string): Task => ({
  id: `${projectId}-${number}`,
  workspaceId,
  projectId,
  number,
  title,
  description: "",
  status: "to-do",
  priority: "no-priority",
  assigneeId: null,
  dueDate: null,
  position: `a${number}`,
  labelIds: [],
  parentId: null,
  createdBy: null,
  createdAt: at,
  updatedAt: at,
});

const workspaces = [workspace("w1", "Acme"), workspace("w2", "Side projects")];
const website = project("p1", "w1", "Website", "WEB");
const api = project("p2", "w1", "Public API", "API");
const blog = project("p3", "w2", "Blog", "WEB");
const projects = [blog, api, website];
const tasks: Record<string, Task[]> = {
  p1: [task("p1", "w1", 1, "Write the brief"), task("p1", "w1", 12, "Ship the homepage")],
  p2: [task("p2", "w1", 1, "Rate limits")],
  p3: [task("p3", "w2", 12, "First post")],
};
const tasksOf = (projectId: string) => tasks[projectId] ?? [];

describe("the command palette's matches", () => {
  test("a task key finds that task, in the active workspace first, in any case", () => {
    const { tasks: found } = paletteMatches("web-12", workspaces, projects, tasksOf, "w1");
    expect(found.map((m) => m.task.title)).toEqual(["Ship the homepage", "First post"]);
  });

  test("words of a title find the tasks holding all of them", () => {
    const { tasks: found } = paletteMatches("the home", workspaces, projects, tasksOf, "w1");
    expect(found.map((m) => m.task.title)).toEqual(["Ship the homepage"]);
  });

  test("projects match by name or by the start of their key; workspaces by name", () => {
    const matches = paletteMatches("api", workspaces, projects, tasksOf, "w1");
    expect(matches.projects).toEqual([api]);
    expect(paletteMatches("side", workspaces, projects, tasksOf, "w1").workspaces).toEqual([
      workspaces[1],
    ]);
  });

  test("an empty query lists every project and workspace but no tasks", () => {
    const matches = paletteMatches("  ", workspaces, projects, tasksOf, "w2");
    expect(matches.tasks).toEqual([]);
    expect(matches.projects).toEqual([blog, api, website]);
    expect(matches.workspaces).toEqual(workspaces);
  });

  test("a common word lists at most the result limit", () => {
    const many = Array.from({ length: 50 }, (_, i) => task("p1", "w1", i + 1, `Task ${i + 1}`));
    const { tasks: found } = paletteMatches("task", workspaces, [website], () => many, "w1");
    expect(found).toHaveLength(TASK_RESULT_LIMIT);
  });
});
