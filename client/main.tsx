import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { router } from "./app/router.tsx";
import { SessionSkeleton } from "./app/session-skeleton.tsx";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/forms.css";
import "./styles/app-shell.css";
import "./styles/screens.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <SessionSkeleton />
    <RouterProvider router={router} />
  </StrictMode>,
);
