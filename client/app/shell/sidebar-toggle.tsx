import { PanelLeft } from "lucide-react";
import { isMac } from "../../platform/shortcuts/use-shortcuts.ts";
import { IconButton } from "../../ui/icon-button.tsx";

type SidebarToggleProps = { open: boolean; controls: string; onToggle: () => void };

const keys = [isMac ? "⌘" : "Ctrl", "B"] as const;

/** Folds the sidebar to icons and back (also Mod+B or [); the choice is remembered. */
export function SidebarToggle({ open, controls, onToggle }: SidebarToggleProps) {
  return (
    <IconButton
      aria-label="Toggle sidebar"
      icon={<PanelLeft />}
      shortcut={keys}
      tooltipSide="right"
      className="sidebar-toggle"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    />
  );
}
