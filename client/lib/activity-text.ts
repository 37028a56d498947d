import type { Activity, Member, Status, TaskPriority } from "../../shared/entities.ts";
import { taskPriorities } from "../../shared/entities.ts";
import type { RelationSide } from "../../shared/relations.ts";
import { priorityNames } from "./task-names.ts";

/** A member's name by user id; someone who left the workspace is no longer among them. */
export type NameOf = (userId: string) => string;

export function memberNames(members: readonly Member[]): NameOf {
  const names = new Map(members.map((member) => [member.id, member.name || member.email]));
  return (userId) => names.get(userId) ?? "a former member";
}

/**
 * A status's name by id, from the project's statuses, deleted ones too (a line may name a
 * status deleted since); an id the store does not know reads as itself.
 */
export function statusNames(statuses: readonly Pick<Status, "id" | "name">[]): NameOf {
  const names = new Map(statuses.map((status) => [status.id, status.name]));
  return (id) => names.get(id) ?? id;
}

const isPriority = (value: string): value is TaskPriority =>
  (taskPriorities as readonly string[]).includes(value);

const priorityText = (value: string | null) =>
  value && isPriority(value) ? priorityNames[value] : (value ?? "none");

/** `2025-03-14` → "Mar 14, 2025", read as a calendar day (no time zone shift). */
export function formatDueDate(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return day;
  return new Date(year, month - 1, date).toLocaleDateString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
  });
}

/**
 * One line of a task's history as a person reads it: "Ann changed status from To do to Done".
 * `nameOf` names people by user id, `statusOf` statuses by id (statusNames).
 */
export function activityText(activity: Activity, nameOf: NameOf, statusOf: NameOf): string {
  const actor = activity.actorId ? nameOf(activity.actorId) : "Someone";
  const { from, to } = activity;
  switch (activity.kind) {
    case "created":
      return `${actor} created the task`;
    case "status":
      return `${actor} changed status from ${from ? statusOf(from) : "none"} to ${to ? statusOf(to) : "none"}`;
    case "priority":
      return `${actor} changed priority from ${priorityText(from)} to ${priorityText(to)}`;
    case "assignee":
      if (!to)
        return from ? `${actor} unassigned ${nameOf(from)}` : `${actor} removed the assignee`;
      if (!from) return `${actor} assigned ${to === activity.actorId ? "themselves" : nameOf(to)}`;
      return `${actor} changed the assignee from ${nameOf(from)} to ${nameOf(to)}`;
    case "due-date":
      if (!to) return `${actor} removed the due date`;
      if (!from) return `${actor} set the due date to ${formatDueDate(to)}`;
      return `${actor} changed the due date from ${formatDueDate(from)} to ${formatDueDate(to)}`;
    case "title":
      return from
        ? `${actor} renamed the task from “${from}” to “${to ?? ""}”`
        : `${actor} renamed the task to “${to ?? ""}”`;
    case "comment":
      return `${actor} commented`;
    case "parent":
      if (!to) return `${actor} removed parent ${from ?? "task"}`;
      if (!from) return `${actor} set parent ${to}`;
      return `${actor} changed the parent from ${from} to ${to}`;
    case "subtask":
      return to ? `${actor} added sub-task ${to}` : `${actor} removed sub-task ${from ?? ""}`;
    case "blocks":
    case "blocked-by":
    case "relates":
    case "duplicate-of":
    case "duplicated-by":
      return to
        ? `${actor} marked as ${relationWords[activity.kind]} ${to}`
        : `${actor} removed relation ${relationWords[activity.kind]} ${from ?? ""}`;
    case "restored":
      return `${actor} restored the task`;
  }
}

/** A relation as its activity line says it: "marked as blocking WEB-7". */
const relationWords: Record<RelationSide, string> = {
  blocks: "blocking",
  "blocked-by": "blocked by",
  relates: "related to",
  "duplicate-of": "duplicate of",
  "duplicated-by": "duplicated by",
};
