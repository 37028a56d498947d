/**
 * A project's workflow: an ordered list of statuses, each in one of Linear's categories. Code
 * that lays out columns or decides "done" reads such a list, never a status name (DESIGN.md).
 * Until projects define their own, every project has the six default statuses.
 */
import type { TaskStatus } from "./entities.ts";

export const statusCategories = [
  "backlog",
  "unstarted",
  "started",
  "completed",
  "canceled",
] as const;
export type StatusCategory = (typeof statusCategories)[number];

export type WorkflowStatus = {
  id: TaskStatus;
  name: string;
  category: StatusCategory;
  /** Any CSS colour; the defaults follow the theme through its custom properties. */
  color: string;
};

export const defaultStatuses: readonly WorkflowStatus[] = [
  { id: "planned", name: "Planned", category: "backlog", color: "var(--color-status-backlog)" },
  { id: "to-do", name: "To do", category: "unstarted", color: "var(--color-status-unstarted)" },
  {
    id: "in-progress",
    name: "In progress",
    category: "started",
    color: "var(--color-status-started)",
  },
  { id: "in-review", name: "In review", category: "started", color: "var(--color-status-review)" },
  { id: "done", name: "Done", category: "completed", color: "var(--color-status-completed)" },
  {
    id: "archived",
    name: "Archived",
    category: "canceled",
    color: "var(--color-status-canceled)",
  },
];

/** Completed and canceled work counts as done everywhere: counts, styling, due dates. */
export const isDoneCategory = (category: StatusCategory) =>
  category === "completed" || category === "canceled";

/** The board's columns, in order: work not yet done or just completed. */
export const boardStatuses = (statuses: readonly WorkflowStatus[]) =>
  statuses.filter(
    (s) => s.category === "unstarted" || s.category === "started" || s.category === "completed",
  );

/** What the backlog lists: work not yet planned, and work put away. */
export const backlogStatuses = (statuses: readonly WorkflowStatus[]) =>
  statuses.filter((s) => s.category === "backlog" || s.category === "canceled");
