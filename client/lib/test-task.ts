import type { Task } from "../../shared/entities.ts";

/**
 * A task for unit tests: to do, no priority, nobody, no dates, in workspace "w" and project
 * "p", created 2026-11-01; `fields` says what differs. (Imported by tests only.)
 */
export function testTask(fields: Partial<Task> & { id: string }): Task {
  return {
    workspaceId: "w",
    projectId: "p",
    number: 1,
    title: "A task",
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
    ...fields,
  };
}
