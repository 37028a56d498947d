/**
 * Every shortcut of the app, in one list: screens bind handlers to these names and the `?`
 * dialog shows this list, so what it says is what the keys do.
 */
export const shortcutList = {
  palette: { keys: ["Mod+K"], label: "Open the command palette", scope: "Everywhere" },
  search: { keys: ["/"], label: "Search the workspace", scope: "Everywhere" },
  sidebar: { keys: ["Mod+B", "["], label: "Show or hide the sidebar", scope: "Everywhere" },
  newTask: { keys: ["t c"], label: "New task", scope: "Everywhere" },
  newProject: { keys: ["p c"], label: "New project", scope: "Everywhere" },
  newWorkspace: { keys: ["w c"], label: "New workspace", scope: "Everywhere" },
  switchWorkspace: { keys: ["w s"], label: "Switch workspace", scope: "Everywhere" },
  goBoard: { keys: ["g b"], label: "Go to the board", scope: "Everywhere" },
  goBacklog: { keys: ["g l"], label: "Go to the backlog", scope: "Everywhere" },
  goCalendar: { keys: ["g c"], label: "Go to the calendar", scope: "Everywhere" },
  help: { keys: ["?"], label: "Show keyboard shortcuts", scope: "Everywhere" },
  undo: { keys: ["Mod+Z"], label: "Undo your last change", scope: "Everywhere" },
  redo: { keys: ["Mod+Shift+Z", "Mod+Y"], label: "Redo the change undone", scope: "Everywhere" },
  nextCard: { keys: ["j"], label: "Focus the next card", scope: "Board" },
  previousCard: { keys: ["k"], label: "Focus the previous card", scope: "Board" },
  openCard: { keys: ["Enter"], label: "Open the focused card", scope: "Board" },
  selectCard: { keys: ["x"], label: "Select or unselect the focused card", scope: "Board" },
  clearSelection: { keys: ["Escape"], label: "Clear the selection", scope: "Board" },
  filter: { keys: ["f"], label: "Filter the tasks", scope: "Board" },
  nextNotification: { keys: ["j"], label: "Focus the next notification", scope: "Inbox" },
  previousNotification: { keys: ["k"], label: "Focus the previous notification", scope: "Inbox" },
  openNotification: { keys: ["Enter"], label: "Open the focused notification", scope: "Inbox" },
  archiveNotification: { keys: ["e"], label: "Archive the focused notification", scope: "Inbox" },
  toggleNotificationRead: {
    keys: ["u"],
    label: "Mark the focused notification read or unread",
    scope: "Inbox",
  },
  taskStatus: {
    keys: ["s"],
    label: "Change status (task page, peek, focused card or selected cards)",
    scope: "Task page",
  },
  taskPriority: {
    keys: ["p"],
    label: "Change priority (task page, peek, focused card or selected cards)",
    scope: "Task page",
  },
  taskAssignee: {
    keys: ["a"],
    label: "Change assignee (task page, peek, focused card or selected cards)",
    scope: "Task page",
  },
  taskLabels: {
    keys: ["l"],
    label: "Change labels (task page, peek, focused card or selected cards)",
    scope: "Task page",
  },
  taskDueDate: {
    keys: ["d"],
    label: "Change due date (task page, peek, focused card or selected cards)",
    scope: "Task page",
  },
} as const satisfies Record<string, { keys: readonly string[]; label: string; scope: string }>;

export type ShortcutName = keyof typeof shortcutList;

export const shortcutScopes = ["Everywhere", "Board", "Inbox", "Task page"] as const;

/** How a step reads on this keyboard: `Mod+K` is `⌘ K` on a Mac and `Ctrl K` elsewhere. */
export function keyLabels(step: string, mac: boolean): string[] {
  return step.split("+").map((part) => {
    if (part === "Mod") return mac ? "⌘" : "Ctrl";
    if (part === "Alt" && mac) return "⌥";
    if (part === "Shift" && mac) return "⇧";
    return part;
  });
}
