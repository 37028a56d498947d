import { Menu } from "lucide-react";
import type { ComponentProps } from "react";
import { IconButton } from "../../ui/icon-button.tsx";

type SidebarDrawerButtonProps = Omit<ComponentProps<typeof IconButton>, "aria-label" | "icon">;

/**
 * The phone bar's button that opens the sidebar drawer: the drawer's trigger, and the same
 * button drawn while the drawer's code loads (dashboard-layout.tsx).
 */
export function SidebarDrawerButton(props: SidebarDrawerButtonProps) {
  return (
    <IconButton aria-label="Open sidebar" icon={<Menu />} className="drawer-trigger" {...props} />
  );
}
