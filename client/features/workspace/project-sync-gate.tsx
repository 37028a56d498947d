import { createLazyRoute, Link, Outlet, useRouterState } from "@tanstack/react-router";
import { CloudOff } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { ScreenSkeleton, skeletonShapeOf } from "../../components/screen-skeletons.tsx";
import { useOnline } from "../../lib/use-online.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { useProject, useProjectSync } from "../../platform/sync/store-hooks.ts";
import { EmptyState } from "../../ui/empty-state.tsx";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId",
)({ component: ProjectSyncGate });

/**
 * Every screen of a project renders inside this (partial sync, platform/sync/project-scope.ts).
 * Opening a project puts it first in the store's list, and a project new to the list is asked
 * for at once: its first page paints the board, the rest follows. Until its first page has
 * come the screen is its skeleton; offline, a project this browser never loaded says so
 * rather than showing an empty board. A project the store does not have at all is left to the
 * screens below ("Project not found").
 */
function ProjectSyncGate() {
  const { workspaceId, projectId } = Route.useParams();
  const { rep, projects, sync } = useSync();
  const state = useProjectSync(projectId);
  const project = useProject(workspaceId, projectId);
  const browserOnline = useOnline();
  const reachesServer = useSyncExternalStore(sync.subscribe, () => sync.get().online);
  const pathname = useRouterState({ select: (router) => router.location.pathname });

  useEffect(() => {
    if (!projects.open(projectId)) return;
    rep.pull({ now: true }).catch((error: unknown) => {
      if (!rep.closed) throw error;
    });
  }, [projects, projectId, rep]);

  if (state === "loaded" || state === "loading" || project === null) return <Outlet />;
  const shape = skeletonShapeOf(pathname);
  if (state === undefined || project === undefined || (browserOnline && reachesServer)) {
    return <ScreenSkeleton shape={shape} label="Loading the project…" />;
  }
  return (
    <section className="page">
      <EmptyState
        icon={<CloudOff size={20} />}
        title={`${project.name} is not available offline`}
        action={
          <Link to="/dashboard/workspace/$workspaceId" params={{ workspaceId }} className="button">
            Back to the workspace
          </Link>
        }
      >
        This browser has not opened this project before, so its tasks are not on this device. They
        will load as soon as you are back online.
      </EmptyState>
    </section>
  );
}
