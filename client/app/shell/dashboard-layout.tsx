import { createLazyRoute, Outlet, useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSession } from "../../platform/session/session-store.ts";
import { useSignOutElsewhere } from "../../platform/session/sign-out.ts";
import { SyncStatus } from "../../features/offline/sync-status.tsx";
import { PHONE_QUERY, useMediaQuery } from "../../platform/browser/use-media-query.ts";
import { preferencesStore, usePreferences } from "../../platform/preferences/use-preferences.ts";
import { SearchIndexing } from "../../features/search/search-indexing.tsx";
import { SystemNotifications } from "../../features/inbox/system-notifications.tsx";
import { ReplicacheProvider } from "../../platform/sync/replicache-provider.tsx";
import "../../styles/offline.css";
import { AppShortcuts } from "./app-shortcuts.tsx";
import { AppSidebar } from "./app-sidebar.tsx";
import { DocumentTitle, PhoneScreenName } from "./document-title.tsx";
import { SidebarDrawerButton } from "./sidebar-drawer-button.tsx";
import { SidebarToggle } from "./sidebar-toggle.tsx";

// A phone's only: a wide screen never loads the drawer's code.
const SidebarDrawer = lazy(() =>
  import("./sidebar-drawer.tsx").then((m) => ({ default: m.SidebarDrawer })),
);

export const Route = createLazyRoute("/_authenticated/dashboard")({ component: DashboardLayout });

const SIDEBAR_ID = "app-sidebar";

/** Everything under /dashboard reads and writes the signed-in person's local store. */
function DashboardLayout() {
  const session = useSession();
  const phone = useMediaQuery(PHONE_QUERY);
  // Folded or not is remembered (`sidebarDefaultOpen`); the phone's drawer starts closed.
  const unfolded = usePreferences().sidebarDefaultOpen;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A new address gives the screen back: the drawer closes on every navigation.
  const router = useRouter();
  useEffect(() => router.subscribe("onBeforeNavigate", () => setDrawerOpen(false)), [router]);
  const toggleSidebar = () => {
    if (phone) setDrawerOpen((open) => !open);
    else
      preferencesStore.update({ sidebarDefaultOpen: !preferencesStore.get().sidebarDefaultOpen });
  };

  const shell = (
    <div className="app-shell" data-layout={phone ? "phone" : "wide"}>
      {phone ? (
        <header className="phone-bar">
          {/* Drawn while the drawer's code loads; a press meanwhile opens it once it is here. */}
          <Suspense fallback={<SidebarDrawerButton onClick={() => setDrawerOpen(true)} />}>
            <SidebarDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
          </Suspense>
          <PhoneScreenName />
          <SyncStatus />
        </header>
      ) : (
        <div id={SIDEBAR_ID} className="app-sidebar-column" data-folded={unfolded ? undefined : ""}>
          <AppSidebar
            folded={!unfolded}
            toggle={
              <SidebarToggle open={unfolded} controls={SIDEBAR_ID} onToggle={toggleSidebar} />
            }
          />
          <SyncStatus />
        </div>
      )}
      <main className="app-main">
        <Outlet />
      </main>
      <AppShortcuts onToggleSidebar={toggleSidebar} />
      <DocumentTitle />
      <SystemNotifications />
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
