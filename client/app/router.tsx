import {
  createRootRoute,
  createRoute,
  createRouter,
  redirect,
  SearchParamError,
} from "@tanstack/react-router";
import { z } from "zod";
import { openInvitation } from "../features/auth/invitation-guard.ts";
import { requireOpenRegistration } from "../features/auth/registration-guard.ts";
import { redirectSignedIn, requireSession } from "../features/auth/session-guard.ts";
import { boardSearchSchema } from "../features/project/filters/board-search.ts";
import { calendarSearchSchema } from "../features/project/calendar/calendar-search.ts";
import { enterDashboard } from "./shell/enter-dashboard.ts";
import { searchPageSearchSchema } from "../features/search/search-params.ts";
import { skipProfileSetupWhenNamed } from "../features/onboarding/profile-setup-guard.ts";
import { loadSession } from "../platform/session/session-store.ts";
import { preferencesStore } from "../platform/preferences/use-preferences.ts";
import { ErrorPage } from "./error-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RootLayout } from "./root-layout.tsx";
import { RoutePendingSkeleton } from "./session-skeleton.tsx";

/*
 * The route tree of SPEC.md section 2. Only what the router needs before rendering lives
 * here (paths, search validation, redirects, guards); every screen is a lazy chunk that
 * exports a `createLazyRoute` named `Route` from its feature folder.
 */

const rootRoute = createRootRoute({
  component: RootLayout,
  errorComponent: ErrorPage,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/dashboard" });
  },
});

// Signed-out area.

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "auth",
}).lazy(() => import("../features/auth/auth-layout.tsx").then((m) => m.Route));

// The /auth screens a visitor with a session is sent away from (to /dashboard).
const signedOutRoute = createRoute({
  getParentRoute: () => authRoute,
  id: "_signed-out",
  beforeLoad: redirectSignedIn,
});

const authIndexRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/auth/sign-in" });
  },
});

// Only an in-app path ("//host" and "/\host" leave the site): no open redirect.
const inAppPath = z
  .string()
  .regex(/^\/(?![/\\])/)
  .optional()
  .catch(undefined);

const signInRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "sign-in",
  validateSearch: z.object({ redirect: inAppPath }),
}).lazy(() => import("../features/auth/sign-in.tsx").then((m) => m.Route));

// An invitation's page passes the invited address along, to be filled in.
const signUpRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "sign-up",
  validateSearch: z.object({ email: z.string().optional().catch(undefined) }),
  beforeLoad: requireOpenRegistration,
}).lazy(() => import("../features/auth/sign-up.tsx").then((m) => m.Route));

const checkEmailRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "check-email",
  validateSearch: z.object({
    email: z.email(),
    // Which mail was sent, so the screen can offer to send it again.
    kind: z.enum(["magic-link", "verify-email", "reset-password"]).optional().catch(undefined),
    redirect: inAppPath,
  }),
  // Without an address the screen has nothing to say: start again from sign-in.
  onError: (error) => {
    if (error instanceof SearchParamError) throw redirect({ to: "/auth/sign-in" });
  },
}).lazy(() => import("../features/auth/check-email.tsx").then((m) => m.Route));

const forgotPasswordRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "forgot-password",
  validateSearch: z.object({ email: z.string().optional().catch(undefined) }),
}).lazy(() => import("../features/auth/forgot-password.tsx").then((m) => m.Route));

// The password reset link of the mail lands here with a token, or an error when it is stale.
const resetPasswordRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "reset-password",
  validateSearch: z.object({
    token: z.string().optional().catch(undefined),
    error: z.string().optional().catch(undefined),
  }),
}).lazy(() => import("../features/auth/reset-password.tsx").then((m) => m.Route));

// Reachable with a session too: signed-out or not, the invitation is accepted by /dashboard.
const acceptInvitationRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "accept-invitation/$inviteId",
  beforeLoad: openInvitation,
}).lazy(() => import("../features/auth/accept-invitation.tsx").then((m) => m.Route));

// Reachable with a session too: a failed account link or verification lands a signed-in person here.
const authErrorRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "error",
  validateSearch: z.object({ error: z.string().optional().catch(undefined) }),
}).lazy(() => import("../features/auth/auth-error.tsx").then((m) => m.Route));

// The query of a mailed link that signs in or changes the account: its page acts on a click
// only (features/auth/mailed-link.ts). Reachable with a session too.
const mailedLinkSearch = {
  token: z.string().optional().catch(undefined),
  callbackURL: z.string().optional().catch(undefined),
  newUserCallbackURL: z.string().optional().catch(undefined),
  errorCallbackURL: z.string().optional().catch(undefined),
};

const magicLinkRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "magic-link",
  validateSearch: z.object(mailedLinkSearch),
  beforeLoad: async () => {
    await loadSession();
  },
}).lazy(() => import("../features/auth/magic-link.tsx").then((m) => m.Route));

const deleteAccountRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "delete-account",
  validateSearch: z.object(mailedLinkSearch),
  beforeLoad: async () => {
    await loadSession();
  },
}).lazy(() => import("../features/auth/delete-account.tsx").then((m) => m.Route));

// The mailed verification link opens this page with its token: the address is confirmed on a
// click. better-auth then comes back here: on to `redirect` when it worked, else the reason
// (`?error=TOKEN_EXPIRED` and the like) and a way to get a new link.
// Reachable with a session too: a signed-in person follows links from their settings.
const verifyEmailRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "verify-email",
  validateSearch: z.object({
    ...mailedLinkSearch,
    error: z.string().optional().catch(undefined),
    redirect: inAppPath,
  }),
  beforeLoad: async ({ search }) => {
    if (!search.error && !search.token) throw redirect({ href: search.redirect ?? "/dashboard" });
    // The screen offers a new link to the signed-in person's address, or asks for one.
    await loadSession();
  },
}).lazy(() => import("../features/auth/verify-email.tsx").then((m) => m.Route));

const publicProjectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "public-project/$projectId",
}).lazy(() => import("../features/public-project/public-project-page.tsx").then((m) => m.Route));

const testErrorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "test-error",
}).lazy(() => import("../features/dev/test-error.tsx").then((m) => m.Route));

const devOutboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "dev/outbox",
}).lazy(() => import("../features/dev/outbox.tsx").then((m) => m.Route));

// Every component of the design system (client/ui/) with sample data, for looking and testing.
const devUiRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "dev/ui",
}).lazy(() => import("../features/dev/ui-gallery.tsx").then((m) => m.Route));

// Signed-in area.

const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "_authenticated",
  beforeLoad: requireSession,
});

const profileSetupRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: "profile-setup",
  beforeLoad: skipProfileSetupWhenNamed,
}).lazy(() => import("../features/onboarding/profile-setup.tsx").then((m) => m.Route));

const onboardingRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: "onboarding",
}).lazy(() => import("../features/onboarding/onboarding.tsx").then((m) => m.Route));

const dashboardRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: "dashboard",
}).lazy(() => import("./shell/dashboard-layout.tsx").then((m) => m.Route));

const dashboardIndexRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: "/",
  beforeLoad: enterDashboard,
}).lazy(() => import("./shell/dashboard-entry.tsx").then((m) => m.Route));

const createWorkspaceRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: "workspace/create",
}).lazy(() => import("../features/workspace/create-workspace.tsx").then((m) => m.Route));

// Its screen says when the workspace does not exist, and remembers the one that does.
const workspaceRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: "workspace/$workspaceId",
}).lazy(() => import("../features/workspace/workspace-layout.tsx").then((m) => m.Route));

const workspaceHomeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/",
}).lazy(() => import("../features/workspace/workspace-home.tsx").then((m) => m.Route));

const searchRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "search",
  validateSearch: searchPageSearchSchema,
}).lazy(() => import("../features/search/search.tsx").then((m) => m.Route));

const membersRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "members",
}).lazy(() => import("../features/members/members.tsx").then((m) => m.Route));

const inboxRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "inbox",
}).lazy(() => import("../features/inbox/inbox.tsx").then((m) => m.Route));

// Its component asks the store for the project's tasks (partial sync) before the screens show.
const projectRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "project/$projectId",
}).lazy(() => import("../features/project/project-screens.tsx").then((m) => m.Route));

// A project opens on its board, or on its list for whoever last chose the list (viewMode).
const projectHomeRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: "/",
  beforeLoad: ({ params }) => {
    if (preferencesStore.get().viewMode === "list") {
      throw redirect({ to: "/dashboard/workspace/$workspaceId/project/$projectId/list", params });
    }
    throw redirect({ to: "/dashboard/workspace/$workspaceId/project/$projectId/board", params });
  },
});

// Board and list are two addresses of one screen (the project header's tabs link to them); the
// one last opened is remembered as the preference `viewMode`. The filters are in the address,
// so a filtered board can be shared as a link.
const boardRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: "board",
  validateSearch: boardSearchSchema,
  onEnter: () => preferencesStore.update({ viewMode: "board" }),
}).lazy(() => import("../features/project/board/board.tsx").then((m) => m.Route));

const listRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: "list",
  validateSearch: boardSearchSchema,
  onEnter: () => preferencesStore.update({ viewMode: "list" }),
}).lazy(() => import("../features/project/board/board.tsx").then((m) => m.ListRoute));

// The project's tasks by due date: the board's filters, plus the layout and the day it is on.
const calendarRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: "calendar",
  validateSearch: calendarSearchSchema,
}).lazy(() => import("../features/project/calendar/calendar.tsx").then((m) => m.Route));

const backlogRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: "backlog",
}).lazy(() => import("../features/project/backlog/backlog.tsx").then((m) => m.Route));

const taskRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: "task/$taskId",
}).lazy(() => import("../features/task/task-detail.tsx").then((m) => m.Route));

// Settings.

const settingsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: "settings",
}).lazy(() => import("../features/settings/settings-layout.tsx").then((m) => m.Route));

const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/dashboard/settings/account/preferences" });
  },
});

const workspaceSettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: "workspace",
});

const workspaceSettingsIndexRoute = createRoute({
  getParentRoute: () => workspaceSettingsRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/dashboard/settings/workspace/general" });
  },
});

const workspaceGeneralSettingsRoute = createRoute({
  getParentRoute: () => workspaceSettingsRoute,
  path: "general",
}).lazy(() => import("../features/settings/workspace-general.tsx").then((m) => m.Route));

const projectsSettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: "projects",
});

const projectsSettingsIndexRoute = createRoute({
  getParentRoute: () => projectsSettingsRoute,
  path: "/",
}).lazy(() => import("../features/settings/projects-settings.tsx").then((m) => m.Route));

// Like the project's screens, its settings need its tasks in the store (partial sync).
const projectSettingsRoute = createRoute({
  getParentRoute: () => projectsSettingsRoute,
  path: "$projectId",
}).lazy(() => import("../features/settings/project-settings-gate.tsx").then((m) => m.Route));

const projectSettingsIndexRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: "/",
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/dashboard/settings/projects/$projectId/general", params });
  },
});

const projectGeneralSettingsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: "general",
}).lazy(() => import("../features/settings/project-general.tsx").then((m) => m.Route));

const projectIntegrationsSettingsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: "integrations",
}).lazy(() => import("../features/settings/project-integrations.tsx").then((m) => m.Route));

const projectVisibilitySettingsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: "visibility",
}).lazy(() => import("../features/settings/project-visibility.tsx").then((m) => m.Route));

const projectWorkflowSettingsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: "workflow",
}).lazy(() => import("../features/settings/project-workflow.tsx").then((m) => m.Route));

const accountSettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: "account",
});

const accountSettingsIndexRoute = createRoute({
  getParentRoute: () => accountSettingsRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/dashboard/settings/account/preferences" });
  },
});

const accountPreferencesRoute = createRoute({
  getParentRoute: () => accountSettingsRoute,
  path: "preferences",
}).lazy(() => import("../features/settings/account-preferences.tsx").then((m) => m.Route));

const accountInformationRoute = createRoute({
  getParentRoute: () => accountSettingsRoute,
  path: "information",
}).lazy(() => import("../features/settings/account-information.tsx").then((m) => m.Route));

const routeTree = rootRoute.addChildren([
  indexRoute,
  authRoute.addChildren([
    signedOutRoute.addChildren([
      authIndexRoute,
      signInRoute,
      signUpRoute,
      checkEmailRoute,
      forgotPasswordRoute,
      resetPasswordRoute,
    ]),
    acceptInvitationRoute,
    authErrorRoute,
    verifyEmailRoute,
    magicLinkRoute,
    deleteAccountRoute,
  ]),
  publicProjectRoute,
  testErrorRoute,
  devOutboxRoute,
  devUiRoute,
  authenticatedRoute.addChildren([
    profileSetupRoute,
    onboardingRoute,
    dashboardRoute.addChildren([
      dashboardIndexRoute,
      createWorkspaceRoute,
      workspaceRoute.addChildren([
        workspaceHomeRoute,
        searchRoute,
        membersRoute,
        inboxRoute,
        projectRoute.addChildren([
          projectHomeRoute,
          boardRoute,
          listRoute,
          backlogRoute,
          calendarRoute,
          taskRoute,
        ]),
      ]),
      settingsRoute.addChildren([
        settingsIndexRoute,
        workspaceSettingsRoute.addChildren([
          workspaceSettingsIndexRoute,
          workspaceGeneralSettingsRoute,
        ]),
        projectsSettingsRoute.addChildren([
          projectsSettingsIndexRoute,
          projectSettingsRoute.addChildren([
            projectSettingsIndexRoute,
            projectGeneralSettingsRoute,
            projectIntegrationsSettingsRoute,
            projectVisibilitySettingsRoute,
            projectWorkflowSettingsRoute,
          ]),
        ]),
        accountSettingsRoute.addChildren([
          accountSettingsIndexRoute,
          accountPreferencesRoute,
          accountInformationRoute,
        ]),
      ]),
    ]),
  ]),
]);

export const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  // Pending components are per route, not inherited, so the signed-in area's skeleton has to
  // be the router's default; it also covers the few signed-out screens.
  defaultPendingComponent: RoutePendingSkeleton,
  defaultNotFoundComponent: NotFoundPage,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
