import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useState } from "react";
import { useSession } from "../../lib/session-store.ts";
import { useSignOutElsewhere } from "../../lib/sign-out.ts";
import { SyncStatus } from "../offline/sync-status.tsx";
import { preferencesStore } from "../preferences/use-preferences.ts";
import { SearchIndexing } from "../search/search-indexing.tsx";
import { ReplicacheProvider } from "../sync/replicache-provider.tsx";
import "../../styles/offline.css";
import { AppShortcuts } from "./app-shortcuts.tsx";
import { AppSidebar } from "./app-sidebar.tsx";
import { SidebarToggle } from "./sidebar-toggle.tsx";

export const Route = createLazyRoute("/_authenticated/dashboard")({ component: DashboardLayout });

const SIDEBAR_ID = "app-sidebar";

/** Everything under /dashboard reads and writes the signed-in person's local store. */
function DashboardLayout() {
  const session = useSession();
  // `sidebarDefaultOpen` is how each visit starts; showing or hiding it is for this visit only.
  const [sidebarOpen, setSidebarOpen] = useState(() => preferencesStore.get().sidebarDefaultOpen);
  const toggleSidebar = () => setSidebarOpen((open) => !open);

  const shell = (
    <div className="app-shell" data-sidebar={sidebarOpen ? "open" : "closed"}>
      <div className="app-sidebar-column">
        <SidebarToggle open={sidebarOpen} controls={SIDEBAR_ID} onToggle={toggleSidebar} />
        <AppSidebar id={SIDEBAR_ID} hidden={!sidebarOpen} />
        <SyncStatus />
      </div>
      <main className="app-main">
        <Outlet />
      </main>
      <AppShortcuts onToggleSidebar={toggleSidebar} />
    </div>
  );
  // The session guard runs before this route renders, so a missing session is only a
  // passing state (signing out); render nothing rather than a store of nobody.
  if (!session) return null;
  return (
    <ReplicacheProvider userId={session.user.id}>
      <SignOutElsewhere userId={session.user.id} />
      <SearchIndexing userId={session.user.id} />
      {shell}
    </ReplicacheProvider>
  );
}

/** A sign-out in another tab of this browser signs this tab out too. */
function SignOutElsewhere({ userId }: { userId: string }) {
  useSignOutElsewhere(userId);
  return null;
}
