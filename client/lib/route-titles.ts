import { useRouterState, type RegisteredRouter, type RouteIds } from "@tanstack/react-router";
import { useEffect } from "react";

type RouteId = RouteIds<RegisteredRouter["routeTree"]>;

/** The names a title may need, from the local store; each is missing until the store has it. */
export type TitleNames = {
  workspace?: string;
  project?: string;
  /** The task as people name it: `UIX-5 Migrate blog posts`. */
  task?: string;
  /** Unread notifications: the title starts `(3) ` so a background tab shows there is news. */
  unread?: number;
};

const APP_NAME = "Tasks";

/** The public project page names its tab itself: only it has the project (from the API). */
export const PUBLIC_PROJECT_ROUTE = "/public-project/$projectId";

/** `Board · Website Redesign`: the screen first (what tells tabs apart), then where it is. */
const within = (screen: string, place: string | undefined) =>
  place ? `${screen} · ${place}` : screen;

const settings = (page: string, place?: string) =>
  [page, place, "Settings"].filter(Boolean).join(" · ");

const titles: { [Id in RouteId]?: (names: TitleNames) => string } = {
  "/auth/_signed-out/sign-in": () => "Sign in",
  "/auth/_signed-out/sign-up": () => "Sign up",
  "/auth/_signed-out/check-email": () => "Check your email",
  "/auth/_signed-out/forgot-password": () => "Forgot password",
  "/auth/_signed-out/reset-password": () => "Reset password",
  "/auth/accept-invitation/$inviteId": () => "Accept invitation",
  "/auth/error": () => "Authentication error",
  "/auth/verify-email": () => "Verify email",
  "/auth/magic-link": () => "Sign in with a link",
  "/auth/delete-account": () => "Delete account",
  // The project's own name once its page has it, as a shared link's tab should read.
  [PUBLIC_PROJECT_ROUTE]: ({ project }) => (project ? `${project} · Public` : "Public project"),
  "/test-error": () => "Error test",
  "/dev/outbox": () => "Dev outbox",
  "/dev/ui": () => "Design system",
  "/_authenticated/profile-setup": () => "Set up your profile",
  "/_authenticated/onboarding": () => "Create your first workspace",
  "/_authenticated/dashboard/workspace/create": () => "Create a workspace",
  "/_authenticated/dashboard/workspace/$workspaceId/": ({ workspace }) =>
    within("Projects", workspace),
  "/_authenticated/dashboard/workspace/$workspaceId/search": ({ workspace }) =>
    within("Search", workspace),
  "/_authenticated/dashboard/workspace/$workspaceId/members": ({ workspace }) =>
    within("Members", workspace),
  "/_authenticated/dashboard/workspace/$workspaceId/inbox": ({ workspace }) =>
    within("Inbox", workspace),
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/board": ({ project }) =>
    within("Board", project),
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/list": ({ project }) =>
    within("List", project),
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/backlog": ({ project }) =>
    within("Backlog", project),
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/calendar": ({ project }) =>
    within("Calendar", project),
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId": ({
    task,
    project,
  }) => within(task ?? "Task", project),
  "/_authenticated/dashboard/settings/workspace/general": ({ workspace }) =>
    settings("Workspace", workspace),
  "/_authenticated/dashboard/settings/projects/": () => settings("Projects"),
  "/_authenticated/dashboard/settings/projects/$projectId/general": ({ project }) =>
    settings("General", project),
  "/_authenticated/dashboard/settings/projects/$projectId/workflow": ({ project }) =>
    settings("Workflow", project),
  "/_authenticated/dashboard/settings/projects/$projectId/integrations": ({ project }) =>
    settings("Integrations", project),
  "/_authenticated/dashboard/settings/projects/$projectId/visibility": ({ project }) =>
    settings("Visibility", project),
  "/_authenticated/dashboard/settings/account/preferences": () => settings("Preferences"),
  "/_authenticated/dashboard/settings/account/information": () => settings("Account"),
};

/**
 * The `document.title` of a screen (issue 14, item 9): every tab and history entry says what it
 * holds, e.g. `UIX-5 Migrate blog posts · Website Redesign`, `Members · Acme`. A route without
 * a title of its own (a redirect, a layout) gets the app's name.
 */
function routeTitle(routeId: string, names: TitleNames = {}): string {
  const title = titleById.get(routeId);
  return title ? title(names) : APP_NAME;
}

const titleById = new Map(Object.entries(titles));

/** The deepest route on screen; a path that matched nothing or failed has a title of its own. */
function useLeafRoute(): string {
  return useRouterState({
    select: (state) => {
      // A path that matches no route marks the deepest route that did (`_notFound`).
      if (state.matches.some((match) => match.status === "notFound" || match._notFound)) {
        return NOT_FOUND;
      }
      if (state.matches.some((match) => match.status === "error")) return ERROR;
      return state.matches.at(-1)?.routeId ?? NOT_FOUND;
    },
  });
}

const NOT_FOUND = "not-found";
const ERROR = "error";

/**
 * Keeps `document.title` on the screen's title, for the routes `covers` takes: the signed-in
 * area sets its own, with names from the local store, which only it can read.
 */
export function useRouteTitle(names: TitleNames, covers: (routeId: string) => boolean): void {
  const screen = useScreenTitle(names, covers);
  // The workspace's unread notifications lead the tab's title, as `(3) Board · Website`.
  const title = screen && names.unread ? `(${names.unread}) ${screen}` : screen;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** The title of the screen on show, or null for a route `covers` leaves to another. */
export function useScreenTitle(
  names: TitleNames,
  covers: (routeId: string) => boolean,
): string | null {
  const routeId = useLeafRoute();
  if (routeId === NOT_FOUND) return "Page not found";
  if (routeId === ERROR) return "Something went wrong";
  return covers(routeId) ? routeTitle(routeId, names) : null;
}
