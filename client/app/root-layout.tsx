import { Outlet } from "@tanstack/react-router";
import { Toaster } from "sonner";
import { UpdatePrompt } from "../features/offline/update-prompt.tsx";
import { PUBLIC_PROJECT_ROUTE, useRouteTitle } from "../lib/route-titles.ts";
import { useApplyTheme } from "../platform/preferences/use-preferences.ts";

// The signed-in area names its screens itself, from the local store (app/shell), and
// the public project page from the project it fetched.
const outsideDashboard = (routeId: string) =>
  !routeId.startsWith("/_authenticated/dashboard") && routeId !== PUBLIC_PROJECT_ROUTE;

/** Every screen renders inside this: the one place toasts are mounted (SPEC.md section 9). */
export function RootLayout() {
  const theme = useApplyTheme();
  useRouteTitle({}, outsideDashboard);
  return (
    <>
      <Outlet />
      <UpdatePrompt />
      {/* Width 356px, swipe 45px and removal after 200ms are sonner's own constants. */}
      <Toaster
        theme={theme}
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
