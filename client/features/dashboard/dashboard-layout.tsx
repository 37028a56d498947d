import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useSession } from "../../lib/session-store.ts";
import { SyncStatus } from "../offline/sync-status.tsx";
import { SearchIndexing } from "../search/search-indexing.tsx";
import { ReplicacheProvider } from "../sync/replicache-provider.tsx";
import "../../styles/offline.css";
import { AppSidebar } from "./app-sidebar.tsx";

export const Route = createLazyRoute("/_authenticated/dashboard")({ component: DashboardLayout });

/** Everything under /dashboard reads and writes the signed-in person's local store. */
function DashboardLayout() {
  const session = useSession();
  const shell = (
    <div className="app-shell">
      <div className="app-sidebar-column">
        <AppSidebar />
        <SyncStatus />
      </div>
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
  // The session guard runs before this route renders, so a missing session is only a
  // passing state (signing out); render nothing rather than a store of nobody.
  if (!session) return null;
  return (
    <ReplicacheProvider userId={session.user.id}>
      <SearchIndexing userId={session.user.id} />
      {shell}
    </ReplicacheProvider>
  );
}
