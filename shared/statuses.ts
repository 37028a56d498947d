/**
 * A project's workflow: an ordered list of statuses, each in one of Linear's categories. Code
 * that lays out columns or decides "done" reads such a list, never a status name (DESIGN.md).
 * Every project starts with the six default statuses (migration 0010 creates them, in SQL, for
 * every project inserted; the `createProject` mutator creates the same values optimistically).
 *
 * A status's id is unique within its project only: every project has a `to-do`, so a status is
 * named by (project, id) and its key is `status/{projectId}/{id}`. A deleted status stays as a
 * row with `replacedBy` set: its name still reads in old activity, and a move into it made
 * offline lands in its replacement (`resolveStatusId`).
 */
import type { Status, TaskStatus } from "./entities.ts";
import { statusCategories, type StatusCategory } from "./status-palette.ts";

/** What screens need of a status; the synced value (`Status`) has these and more. */
export type WorkflowStatus = Pick<Status, "id" | "name" | "category" | "color" | "icon">;

/** Every project has at least one status of each, or the board has nowhere to put work. */
export const requiredCategories: readonly StatusCategory[] = ["unstarted", "completed"];

/** At most this many statuses (not deleted) per project. */
export const MAX_STATUSES_PER_PROJECT = 50;

export const defaultStatuses: readonly (WorkflowStatus & { position: string })[] = [
  {
    id: "planned",
    name: "Planned",
    category: "backlog",
    color: "gray",
    icon: null,
    position: "a0",
  },
  {
    id: "to-do",
    name: "To do",
    category: "unstarted",
    color: "silver",
    icon: null,
    position: "a1",
  },
  {
    id: "in-progress",
    name: "In progress",
    category: "started",
    color: "yellow",
    icon: null,
    position: "a2",
  },
  {
    id: "in-review",
    name: "In review",
    category: "started",
    color: "green",
    icon: null,
    position: "a3",
  },
  { id: "done", name: "Done", category: "completed", color: "indigo", icon: null, position: "a4" },
  {
    id: "archived",
    name: "Archived",
    category: "canceled",
    color: "gray",
    icon: null,
    position: "a5",
  },
];

/** The six defaults of a new project, as the store and the server hold them. */
export function defaultProjectStatuses(
  project: { id: string; workspaceId: string },
  createdAt: string,
): Status[] {
  return defaultStatuses.map((status) => ({
    ...status,
    workspaceId: project.workspaceId,
    projectId: project.id,
    replacedBy: null,
    createdAt,
    updatedAt: createdAt,
  }));
}

const categoryIndex = (category: StatusCategory) => statusCategories.indexOf(category);

/**
 * Workflow order: by category (backlog first, canceled last), then by position (compared with
 * `<`), then by id. The Workflow settings reorder statuses within their category only.
 */
export function compareStatuses(
  a: Pick<Status, "category" | "position" | "id">,
  b: Pick<Status, "category" | "position" | "id">,
): number {
  if (a.category !== b.category) return categoryIndex(a.category) - categoryIndex(b.category);
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
}

/** The statuses that are not deleted, in workflow order. */
export function liveStatuses<S extends Status>(statuses: readonly S[]): S[] {
  return statuses.filter((status) => status.replacedBy === null).sort(compareStatuses);
}

/**
 * Where a task given `statusId` really goes: a deleted status's replacement (deleting a status
 * points every status that named it at the new replacement, so one step is enough). Unknown ids
 * (`status` undefined: the project has no such status) come back as they are: the server
 * refuses them.
 */
export function resolveStatusId(
  statusId: TaskStatus,
  status: Pick<Status, "replacedBy"> | undefined,
): TaskStatus {
  return status?.replacedBy ?? statusId;
}

/** Where a new task goes when no status is given: the first unstarted status. */
export function defaultTaskStatus(statuses: readonly Status[]): TaskStatus | undefined {
  return liveStatuses(statuses).find((status) => status.category === "unstarted")?.id;
}

/** Completed and canceled work counts as done everywhere: counts, styling, due dates. */
export const isDoneCategory = (category: StatusCategory) =>
  category === "completed" || category === "canceled";

/** The board's columns, in order: work not yet done or just completed. */
export const boardStatuses = <S extends WorkflowStatus>(statuses: readonly S[]): S[] =>
  statuses.filter(
    (s) => s.category === "unstarted" || s.category === "started" || s.category === "completed",
  );

/** What the backlog lists: work not yet planned, and work put away. */
export const backlogStatuses = <S extends WorkflowStatus>(statuses: readonly S[]): S[] =>
  statuses.filter((s) => s.category === "backlog" || s.category === "canceled");

/** Names are compared as people read them: case, spaces, `_` and `-` aside ("In Progress" = "in_progress"). */
export const squashStatusName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");

/**
 * The category a status name from elsewhere (an import) most likely means, by the words in it;
 * unstarted when none says otherwise. Documented in client/lib/integrations/README.md.
 */
export function categoryFromName(name: string): StatusCategory {
  const words = name.toLowerCase().replace(/[^a-z0-9]+/g, "");
  const has = (...parts: string[]) => parts.some((part) => words.includes(part));
  if (has("cancel", "archiv", "wontfix", "wontdo", "duplicate", "reject", "dropped")) {
    return "canceled";
  }
  if (has("done", "complete", "finish", "closed", "shipped", "released", "resolved")) {
    return "completed";
  }
  if (has("backlog", "icebox", "planned", "idea", "someday", "later", "triage")) return "backlog";
  if (has("progress", "doing", "review", "started", "active", "testing", "wip")) return "started";
  return "unstarted";
}
