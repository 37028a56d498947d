import { describe, expect, it } from "vitest";
import { testTask } from "../../lib/test-task.ts";
import type { Project, Task } from "../../../shared/entities.ts";
import { rankDocuments } from "./rank-results.ts";
import { projectDraft, searchDocument, taskDraft } from "./search-documents.ts";
import { queryWords } from "../../lib/search-text.ts";

const task = testTask;

const rank = (documents: ReturnType<typeof searchDocument>[], query: string) =>
  rankDocuments(documents, queryWords(query)).map((document) => document.title);

const taskDocument = (fields: Task, projectKey: string) =>
  searchDocument(taskDraft(fields, projectKey));

describe("ranking results", () => {
  it("puts the task whose key was typed first", () => {
    const documents = [
      taskDocument(task({ id: "a", number: 1, title: "Mentions WEB-12", description: "" }), "WEB"),
      taskDocument(task({ id: "b", number: 12, title: "The twelfth" }), "WEB"),
    ];
    expect(rank(documents, "web-12")).toEqual(["The twelfth", "Mentions WEB-12"]);
  });

  it("puts a whole word of the title before a title prefix, before a match in the text", () => {
    const documents = [
      taskDocument(task({ id: "a", title: "Other", description: "login broken" }), "WEB"),
      taskDocument(task({ id: "b", title: "Logins audit" }), "WEB"),
      taskDocument(task({ id: "c", title: "Fix login" }), "WEB"),
    ];
    expect(rank(documents, "login")).toEqual(["Fix login", "Logins audit", "Other"]);
  });

  it("orders equally good results newest first", () => {
    const documents = [
      taskDocument(
        task({ id: "a", title: "Login old", updatedAt: "2026-01-01T00:00:00.000Z" }),
        "W",
      ),
      taskDocument(
        task({ id: "b", title: "Login new", updatedAt: "2026-06-01T00:00:00.000Z" }),
        "W",
      ),
    ];
    expect(rank(documents, "login")).toEqual(["Login new", "Login old"]);
  });
});

describe("search documents", () => {
  it("scope every word by workspace and name a task by its project key and number", () => {
    const document = taskDocument(task({ id: "t", number: 7, title: "Café" }), "WEB");
    expect(document.key).toBe("WEB-7");
    expect(document.titleWords).toEqual(["w/cafe", "w/web", "w/7", "w/web-7"]);
  });

  it("change their stamp when their content changes, and only then", () => {
    const project: Project = {
      id: "p",
      workspaceId: "w",
      name: "Website",
      key: "WEB",
      icon: null,
      description: "",
      isPublic: false,
      lastTaskNumber: 0,
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
    };
    const stamp = projectDraft(project).stamp;
    expect(projectDraft({ ...project }).stamp).toBe(stamp);
    expect(projectDraft({ ...project, name: "Web site" }).stamp).not.toBe(stamp);
  });
});
