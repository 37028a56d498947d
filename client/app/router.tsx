import {
  createRootRoute,
  createRoute,
  createRouter,
  redirect,
  SearchParamError,
} from "@tanstack/react-router";
import { z } from "zod";
import { AppSkeleton } from "../components/app-skeleton.tsx";
import { requireSession } from "../features/auth/session-guard.ts";
import { ErrorPage } from "./error-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RootLayout } from "./root-layout.tsx";

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

const authIndexRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/auth/sign-in" });
  },
});

const signInRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "sign-in",
  validateSearch: z.object({
    // Only an in-app path ("//host" and "/\host" leave the site): no open redirect.
    redirect: z
      .string()
      .regex(/^\/(?![/\\])/)
      .optional()
      .catch(undefined),
  }),
}).lazy(() => import("../features/auth/sign-in.tsx").then((m) => m.Route));

const signUpRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "sign-up",
}).lazy(() => import("../features/auth/sign-up.tsx").then((m) => m.Route));

const checkEmailRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "check-email",
  validateSearch: z.object({ email: z.email() }),
  // Without an address the screen has nothing to say: start again from sign-in.
  onError: (error) => {
    if (error instanceof SearchParamError) throw redirect({ to: "/auth/sign-in" });
  },
}).lazy(() => import("../features/auth/check-email.tsx").then((m) => m.Route));

const acceptInvitationRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "accept-invitation/$inviteId",
}).lazy(() => import("../features/auth/accept-invitation.tsx").then((m) => m.Route));

const authErrorRoute = createRoute({
  getParentRoute: () => authRoute,
  path: "error",
  validateSearch: z.object({ error: z.string().optional().catch(undefined) }),
}).lazy(() => import("../features/auth/auth-error.tsx").then((m) => m.Route));

const publicProjectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "public-project/$projectId",
}).lazy(() => import("../features/public-project/public-project.tsx").then((m) => m.Route));

const testErrorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "test-error",
}).lazy(() => import("../features/dev/test-error.tsx").then((m) => m.Route));

const devOutboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "dev/outbox",
}).lazy(() => import("../features/dev/outbox.tsx").then((m) => m.Route));

// Signed-in area.

const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "_authenticated",
  beforeLoad: requireSession,
});

const profileSetupRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: "profile-setup",
}).lazy(() => import("../features/onboarding/profile-setup.tsx").then((m) => m.Route));

const onboardingRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: "onboarding",
}).lazy(() => import("../features/onboarding/onboarding.tsx").then((m) => m.Route));

const dashboardRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: "dashboard",
}).lazy(() => import("../features/dashboard/dashboard-layout.tsx").then((m) => m.Route));

const dashboardIndexRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: "/",
}).lazy(() => import("../features/dashboard/dashboard-entry.tsx").then((m) => m.Route));

const createWorkspaceRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: "workspace/create",
}).lazy(() => import("../features/workspace/create-workspace.tsx").then((m) => m.Route));

const workspaceRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: "workspace/$workspaceId",
});

const workspaceHomeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/",
}).lazy(() => import("../features/workspace/workspace-home.tsx").then((m) => m.Route));

const searchRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "search",
}).lazy(() => import("../features/search/search.tsx").then((m) => m.Route));

const membersRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "members",
}).lazy(() => import("../features/members/members.tsx").then((m) => m.Route));

const projectRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "project/$projectId",
});

const projectHomeRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: "/",
}).lazy(() => import("../features/project/project-home.tsx").then((m) => m.Route));

const boardRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: "board",
}).lazy(() => import("../features/board/board.tsx").then((m) => m.Route));

const backlogRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: "backlog",
}).lazy(() => import("../features/backlog/backlog.tsx").then((m) => m.Route));

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

const projectSettingsRoute = createRoute({
  getParentRoute: () => projectsSettingsRoute,
  path: "$projectId",
});

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
    authIndexRoute,
    signInRoute,
    signUpRoute,
    checkEmailRoute,
    acceptInvitationRoute,
    authErrorRoute,
  ]),
  publicProjectRoute,
  testErrorRoute,
  devOutboxRoute,
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
        projectRoute.addChildren([projectHomeRoute, boardRoute, backlogRoute, taskRoute]),
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
  defaultPendingComponent: AppSkeleton,
  defaultNotFoundComponent: NotFoundPage,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
