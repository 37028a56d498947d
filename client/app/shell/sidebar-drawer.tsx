import { Drawer } from "@base-ui/react/drawer";
import { X } from "lucide-react";
import { IconButton } from "../../ui/icon-button.tsx";
import { AppSidebar } from "./app-sidebar.tsx";
import { SidebarDrawerButton } from "./sidebar-drawer-button.tsx";

type SidebarDrawerProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Under 768 px the sidebar is a drawer from the left (Base UI's Drawer: focus trap, Esc, a tap
 * outside or a swipe to the left closes it). Closed on every load; the layout closes it on
 * navigation, so choosing an entry shows its screen.
 */
export function SidebarDrawer({ open, onOpenChange }: SidebarDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} swipeDirection="left">
      <Drawer.Trigger render={<SidebarDrawerButton />} />
      <Drawer.Portal>
        <Drawer.Backdrop className="sidebar-drawer-backdrop" />
        <Drawer.Viewport className="sidebar-drawer-viewport">
          <Drawer.Popup className="sidebar-drawer" aria-label="Sidebar">
            <Drawer.Title className="visually-hidden">Sidebar</Drawer.Title>
            <AppSidebar
              folded={false}
              toggle={
                <Drawer.Close
                  render={<IconButton aria-label="Close sidebar" icon={<X />} size="sm" />}
                />
              }
            />
          </Drawer.Popup>
        </Drawer.Viewport>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
