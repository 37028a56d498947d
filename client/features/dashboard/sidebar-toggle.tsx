import { isMac } from "../../platform/shortcuts/use-shortcuts.ts";

type SidebarToggleProps = { open: boolean; controls: string; onToggle: () => void };

/** Shows or hides the sidebar; always in view, so a hidden sidebar can be brought back. */
export function SidebarToggle({ open, controls, onToggle }: SidebarToggleProps) {
  return (
    <button
      type="button"
      className="sidebar-toggle"
      aria-expanded={open}
      aria-controls={controls}
      title={`${open ? "Hide" : "Show"} the sidebar (${isMac ? "⌘" : "Ctrl"}+B or [)`}
      onClick={onToggle}
    >
      <span aria-hidden="true">{open ? "«" : "»"}</span>
      <span className="visually-hidden">Sidebar</span>
    </button>
  );
}
