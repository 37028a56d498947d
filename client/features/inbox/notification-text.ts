import { taskPriorities, type Notification, type TaskPriority } from "../../../shared/entities.ts";
import { defaultStatuses } from "../../../shared/statuses.ts";
import { formatDueDate, localDay } from "../../lib/due-date.ts";
import { priorityNames } from "../../lib/task-names.ts";

const isPriority = (value: string): value is TaskPriority =>
  (taskPriorities as readonly string[]).includes(value);

/**
 * A status change names the statuses as they were called when it happened; notifications
 * written before statuses were per project carry one of the six default ids instead.
 */
const statusText = (value: string | null) =>
  value === null ? "None" : (defaultStatuses.find((s) => s.id === value)?.name ?? value);
const priorityText = (value: string | null) =>
  value && isPriority(value) ? priorityNames[value] : (value ?? "None");
const dayText = (value: string | null) =>
  value ? formatDueDate(value, localDay(new Date())) : "none";

/**
 * What a notification says happened, as a person reads it: "Ada assigned you", "Ada changed
 * status To do → Done". `actor` is the actor's current name; the due-date job has none.
 */
export function notificationText(notification: Notification, actor: string | null): string {
  const who = actor ?? "Someone";
  const { from, to } = notification;
  switch (notification.kind) {
    case "assigned":
      return `${who} assigned you`;
    case "unassigned":
      return `${who} unassigned you`;
    case "mentioned":
      return `${who} mentioned you`;
    case "comment":
      return `${who} commented`;
    case "status":
      return `${who} changed status ${statusText(from)} → ${statusText(to)}`;
    case "priority":
      return `${who} changed priority ${priorityText(from)} → ${priorityText(to)}`;
    case "due-date":
      if (!to) return `${who} removed the due date`;
      if (!from) return `${who} set the due date to ${dayText(to)}`;
      return `${who} changed the due date ${dayText(from)} → ${dayText(to)}`;
    case "due-soon":
      return `Due tomorrow (${dayText(to)})`;
    case "overdue":
      return `Overdue since ${dayText(to)}`;
    case "invitation":
      return `${who} invited you to ${notification.workspaceName ?? "a workspace"}`;
  }
}

type NotificationGroup = {
  /** The task's id, or `invitation/{id}` for an invitation (it has no task). */
  key: string;
  /** "WEB-12 Fix the footer", or "Invitation". */
  title: string;
  notifications: Notification[];
};

/**
 * Newest first, grouped by task: a group sits where its newest notification falls, and inside
 * it the notifications keep their order.
 */
export function groupByTask(notifications: readonly Notification[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const notification of notifications) {
    const key = notification.taskId ?? `invitation/${notification.id}`;
    let group = groups.get(key);
    if (!group) {
      const title = notification.taskId
        ? [notification.taskKey, notification.taskTitle].filter(Boolean).join(" ")
        : "Invitation";
      group = { key, title: title || "A task", notifications: [] };
      groups.set(key, group);
    }
    group.notifications.push(notification);
  }
  return [...groups.values()];
}
