import { createLazyRoute, Outlet, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { onSessionEnded, useSession } from "../../lib/session-store.ts";
import { useSignOutElsewhere } from "../../lib/sign-out.ts";
import { SyncStatus } from "../offline/sync-status.tsx";
import { preferencesStore } from "../../platform/preferences/use-preferences.ts";
import { SearchIndexing } from "../search/search-indexing.tsx";
import { ReplicacheProvider } from "../../platform/sync/replicache-provider.tsx";
import "../../styles/offline.css";
import { AppShortcuts } from "./app-shortcuts.tsx";
import { AppSidebar } from "./app-sidebar.tsx";
import { SidebarToggle } from "./sidebar-toggle.tsx";

export const Route = createLazyRoute("/_authenticated/dashboard")({ component: DashboardLayout });

const SIDEBAR_ID = "app-sidebar";

/** Everything under /dashboard reads and writes the signed-in person's local store. */
function DashboardLayout() {
  const session = useSession();
  useSignInWhenSessionEnds();
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

/**
 * When the server ends the session while the app is open (revoked from another device, expired),
 * the store has already closed with the person's changes kept in it: sign in again, and come
 * back here, where the store opens again and sends them.
 */
function useSignInWhenSessionEnds() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionEnded(() => {
        const here = `${window.location.pathname}${window.location.search}`;
        void navigate({ to: "/auth/sign-in", search: { redirect: here } }).then(() =>
          toast.warning("Your session has ended", {
            id: "session-ended",
            description: "Sign in again to go on. Changes not yet saved are kept in this browser.",
          }),
        );
      }),
    [navigate],
  );
}
