import type { Preferences } from "./preferences.ts";

type Flag = {
  [K in keyof Preferences]: Preferences[K] extends boolean ? K : never;
}[keyof Preferences];

/** What a task card shows: set in Preferences and in the project header's Display menu. */
export const cardFields: { field: Flag; label: string }[] = [
  { field: "showTaskNumbers", label: "Show task numbers" },
  { field: "showAssignees", label: "Show assignees" },
  { field: "showDueDates", label: "Show due dates" },
  { field: "showLabels", label: "Show labels" },
  { field: "showPriority", label: "Show priority" },
  { field: "compactMode", label: "Compact cards" },
];
