import type { LabelColor, TaskPriority, TaskStatus } from "../../shared/entities.ts";

/** The words people read for a task's status and priority, wherever a screen shows them. */
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

export const labelColorNames: Record<LabelColor, string> = {
  gray: "Gray",
  red: "Red",
  orange: "Orange",
  yellow: "Yellow",
  green: "Green",
  teal: "Teal",
  blue: "Blue",
  indigo: "Indigo",
  purple: "Purple",
  pink: "Pink",
};
