import type { LabelColor, TaskPriority } from "../../shared/entities.ts";
import type { StatusColor, StatusIconName } from "../../shared/status-palette.ts";

/**
 * The words people read for a task's priority, wherever a screen shows them (a status's are
 * its project's: client/platform/statuses.ts).
 */
export const priorityNames: Record<TaskPriority, string> = {
  "no-priority": "No priority",
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/**
 * Linear's order of priorities: none first, then from the most pressing down. Here rather than
 * beside the priority picker, so that a screen listing priorities does not load the combobox.
 */
export const priorityOrder: readonly TaskPriority[] = [
  "no-priority",
  "urgent",
  "high",
  "medium",
  "low",
];

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

export const statusColorNames: Record<StatusColor, string> = {
  gray: "Gray",
  silver: "Silver",
  yellow: "Yellow",
  orange: "Orange",
  red: "Red",
  pink: "Pink",
  purple: "Purple",
  indigo: "Indigo",
  blue: "Blue",
  teal: "Teal",
  green: "Green",
};

export const statusIconNames: Record<StatusIconName, string> = {
  bug: "Bug",
  eye: "Eye",
  flask: "Flask",
  rocket: "Rocket",
  pause: "Pause",
  ban: "Ban",
  flag: "Flag",
  sparkles: "Sparkles",
};
