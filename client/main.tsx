import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { router } from "./app/router.tsx";
import { SessionSkeleton } from "./app/session-skeleton.tsx";
import { signInWhenSessionEnds } from "./app/session-end.ts";
import { lastSignedInUserId, loadSessionOptimistically } from "./platform/session/session-store.ts";
import { warmStoreDatabase } from "./platform/sync/store-database.ts";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/forms.css";
import "./styles/app-shell.css";
import "./styles/screens.css";

// A page of the signed-in area starts reading the local store of whoever was signed in last
// while the session is checked and the screen's code loads (platform/sync/open-store.ts). In
// a browser that has never signed in here (a first sync), the store opens, and starts pulling,
// as soon as the session answers, without waiting for the screen's code and workspaces.
if (window.location.pathname.startsWith("/dashboard")) {
  // The store's code (Replicache) loads side by side with the session request.
  const openStore = import("./platform/sync/open-store.ts");
  // If this fails (a chunk that will not load), the screen opens its store the usual way.
  const openEarly = (userId: string) =>
    void openStore.then(({ openStoreEarly }) => openStoreEarly(userId)).catch(() => undefined);
  const lastUserId = lastSignedInUserId();
  if (lastUserId) {
    warmStoreDatabase(lastUserId);
    openEarly(lastUserId);
  }
  void loadSessionOptimistically().then(
    (session) => {
      if (session && !lastUserId) openEarly(session.user.id);
    },
    () => undefined,
  );
}

signInWhenSessionEnds(router);

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <SessionSkeleton />
    <RouterProvider router={router} />
  </StrictMode>,
);
