import type { Activity, Member, TaskPriority, TaskStatus } from "../../../shared/entities.ts";
import { taskPriorities, taskStatuses } from "../../../shared/entities.ts";
import { priorityNames, statusNames } from "../../lib/task-names.ts";

/** A member's name by user id; someone who left the workspace is no longer among them. */
export type NameOf = (userId: string) => string;

export function memberNames(members: readonly Member[]): NameOf {
  const names = new Map(members.map((member) => [member.id, member.name || member.email]));
  return (userId) => names.get(userId) ?? "a former member";
}

const isStatus = (value: string): value is TaskStatus =>
  (taskStatuses as readonly string[]).includes(value);
const isPriority = (value: string): value is TaskPriority =>
  (taskPriorities as readonly string[]).includes(value);

const statusText = (value: string | null) =>
  value && isStatus(value) ? statusNames[value] : (value ?? "none");
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

/** One line of a task's history as a person reads it: "Ann changed status from To do to Done". */
export function activityText(activity: Activity, nameOf: NameOf): string {
  const actor = activity.actorId ? nameOf(activity.actorId) : "Someone";
  const { from, to } = activity;
  switch (activity.kind) {
    case "created":
      return `${actor} created the task`;
    case "status":
      return `${actor} changed status from ${statusText(from)} to ${statusText(to)}`;
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
  }
}
