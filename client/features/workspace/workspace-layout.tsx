import { createLazyRoute, Link, Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { NotHere } from "../../components/not-here.tsx";
import { skeletonShapeOf } from "../../components/screen-skeletons.tsx";
import { rememberActiveWorkspace } from "../../lib/active-workspace.ts";
import { useWorkspace } from "../../platform/sync/store-hooks.ts";
import { useAbsence } from "../../platform/sync/use-absence.ts";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/$workspaceId")({
  component: WorkspaceLayout,
});

/**
 * Every screen of a workspace renders inside this. A workspace the person has (in their local
 * store) becomes the one the dashboard entry returns to; an id that is unknown, deleted or of
 * someone else's workspace gets a "not found" screen once the store has synced, and is never
 * remembered. While the store is still reading, the screens start reading too.
 */
function WorkspaceLayout() {
  const { workspaceId } = Route.useParams();
  const workspace = useWorkspace(workspaceId);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const absence = useAbsence(workspace === null);
  const foundId = workspace?.id;

  useEffect(() => {
    if (foundId) rememberActiveWorkspace(foundId);
  }, [foundId]);

  if (workspace !== null) return <Outlet />;
  return (
    <NotHere
      state={absence}
      what="workspace"
      shape={skeletonShapeOf(pathname)}
      back={
        <Link to="/dashboard" className="button">
          Go to your workspaces
        </Link>
      }
    />
  );
}
