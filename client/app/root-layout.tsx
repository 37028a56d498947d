import { Outlet } from "@tanstack/react-router";
import { Toaster } from "sonner";

/** Every screen renders inside this: the one place toasts are mounted (SPEC.md section 9). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster
        // Matches the dark default of <html data-theme>; the preferences work will drive both.
        theme="dark"
        position="bottom-right"
        duration={2000}
        visibleToasts={3}
        gap={14}
        hotkey={["altKey", "KeyT"]}
        closeButton
        richColors
      />
    </>
  );
}
