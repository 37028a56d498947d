import type { TaskPriority, TaskStatus } from "../../shared/entities.ts";

/** What people read for each task status and priority, on every screen that shows them. */
export const statusNames: Record<TaskStatus, string> = {
  planned: "Planned",
  "to-do": "To do",
  "in-progress": "In progress",
  "in-review": "In review",
  done: "Done",
  archived: "Archived",
};

export const priorityNames: Record<TaskPriority, string> = {
  "no-priority": "No priority",
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/** A due date (`YYYY-MM-DD`) before today, in the person's own time zone. */
export function isOverdue(dueDate: string, today: Date = new Date()): boolean {
  return dueDate < localDay(today);
}

export function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}
