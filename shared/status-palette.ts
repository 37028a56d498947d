/**
 * What a status may look like and mean: Linear's categories, the theme's status colours and the
 * icons a status may show. Plain lists that import nothing, so the entities' schemas and the
 * workflow's functions (statuses.ts) can both stand on them.
 */
export const statusCategories = [
  "backlog",
  "unstarted",
  "started",
  "completed",
  "canceled",
] as const;
export type StatusCategory = (typeof statusCategories)[number];

/** The names a person reads for a category (the Workflow settings' groups). */
export const categoryNames: Record<StatusCategory, string> = {
  backlog: "Backlog",
  unstarted: "Unstarted",
  started: "Started",
  completed: "Completed",
  canceled: "Canceled",
};

/**
 * The colours a status may have: names of theme tokens (`--color-status-{name}`, light and dark
 * in client/styles/theme.css), never raw CSS, so what one person picks reads in both themes.
 */
export const statusColors = [
  "gray",
  "silver",
  "yellow",
  "orange",
  "red",
  "pink",
  "purple",
  "indigo",
  "blue",
  "teal",
  "green",
] as const;
export type StatusColor = (typeof statusColors)[number];

/**
 * Icons a status may show instead of its category's shape (null: the shape, as Linear draws
 * it). Names of a few lucide icons, drawn by client/ui/status-icon.tsx.
 */
export const statusIcons = [
  "bug",
  "eye",
  "flask",
  "rocket",
  "pause",
  "ban",
  "flag",
  "sparkles",
] as const;
export type StatusIconName = (typeof statusIcons)[number];
