import { RouterProvider, type AnyRoute } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { router } from "./app/router.tsx";
import { SessionSkeleton } from "./app/session-skeleton.tsx";
import { lastSignedInUserId, loadSession } from "./lib/session-store.ts";
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
  const session = loadSession();
  // The store's code (Replicache) loads side by side with the session request, asked for a
  // turn of the event loop later so that the session's request has a connection first (the
  // browser opens six to a server, and the screen's code takes them all).
  const openStore = new Promise((resolve) => setTimeout(resolve)).then(
    () => import("./platform/sync/open-store.ts"),
  );
  // If this fails (a chunk that will not load), the screen opens its store the usual way.
  const openEarly = (userId: string) =>
    void openStore.then(({ openStoreEarly }) => openStoreEarly(userId)).catch(() => undefined);
  const lastUserId = lastSignedInUserId();
  if (lastUserId) openEarly(lastUserId);
  void session.then(
    (answer) => {
      if (answer && !lastUserId) openEarly(answer.user.id);
    },
    () => undefined,
  );
}

// Every chunk of the address's screen (its layouts and the screen) is fetched at once: the
// router would ask for each only once the level above had run its guards, one after another.
// After the store's code, which the first pull waits for.
setTimeout(() => {
  for (const match of router.matchRoutes(window.location.pathname)) {
    const route = router.routesById[match.routeId as keyof typeof router.routesById] as AnyRoute;
    void Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
  }
});

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <SessionSkeleton />
    <RouterProvider router={router} />
  </StrictMode>,
);
