import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { router } from "./app/router.tsx";
import { SessionSkeleton } from "./app/session-skeleton.tsx";
import { lastSignedInUserId } from "./lib/session-store.ts";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/forms.css";
import "./styles/app-shell.css";
import "./styles/screens.css";

// A page of the signed-in area starts reading the local store of whoever was signed in last
// while the session is checked and the screen's code loads (features/sync/open-store.ts).
const lastUserId = window.location.pathname.startsWith("/dashboard") ? lastSignedInUserId() : null;
if (lastUserId) {
  void import("./features/sync/open-store.ts").then(({ openStoreEarly }) =>
    openStoreEarly(lastUserId),
  );
}

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <SessionSkeleton />
    <RouterProvider router={router} />
  </StrictMode>,
);
