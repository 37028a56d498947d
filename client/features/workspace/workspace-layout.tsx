import { createLazyRoute, Link, Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { TaskReferencesContext, type TaskReference } from "../../lib/task-references.ts";
import { useWorkspaceTaskReferences } from "../../platform/task-references.ts";
import { NotHere } from "../../ui/not-here.tsx";
import { skeletonShapeOf } from "../../ui/screen-skeletons.tsx";
import { rememberActiveWorkspace } from "../../platform/preferences/active-workspace.ts";
import { useWorkspace } from "../../platform/sync/store-hooks.ts";
import { useAbsence } from "../../platform/sync/use-absence.ts";
import { buttonProps } from "../../ui/button.tsx";

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
  const navigate = useNavigate();
  const openTask = useCallback(
    (reference: TaskReference) => void navigate({ href: reference.href }),
    [navigate],
  );
  const references = useWorkspaceTaskReferences(workspaceId, openTask);

  useEffect(() => {
    if (foundId) rememberActiveWorkspace(foundId);
  }, [foundId]);

  // Once its screen is shown, a workspace the store then reports missing (a browser whose first
  // read ends before the pull that brings a workspace made a moment ago) shows the loading
  // skeleton until that pull settles it, but keeps the screen mounted behind it: remounting
  // would lose what the person had begun typing into it (the members page's invitation).
  const [shownId, setShownId] = useState<string | null>(null);
  if (workspace !== null && shownId !== workspaceId) setShownId(workspaceId);
  const visible = workspace !== null;
  const mounted = visible || (shownId === workspaceId && absence === "checking");

  // Hiding it takes the focus away (to the page's body): it goes back where it was, say the
  // search field the search screen focused as it opened, when the screen shows again.
  const lastFocused = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = lastFocused.current;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (visible && element?.isConnected && focusLost) element.focus({ preventScroll: true });
  }, [visible]);

  return (
    <>
      {!visible && (
        <NotHere
          state={absence}
          what="workspace"
          shape={skeletonShapeOf(pathname)}
          back={
            <Link to="/dashboard" {...buttonProps({ size: "lg" })}>
              Go to your workspaces
            </Link>
          }
        />
      )}
      {mounted && (
        <div
          className="kept-screen"
          hidden={!visible}
          onFocus={(event) => {
            if (event.target instanceof HTMLElement) lastFocused.current = event.target;
          }}
          onBlur={(event) => {
            // Left for nowhere by the person (a click on empty space): nothing to give back.
            if (visible && event.relatedTarget === null) lastFocused.current = null;
          }}
        >
          <TaskReferencesContext.Provider value={references}>
            <Outlet />
          </TaskReferencesContext.Provider>
        </div>
      )}
    </>
  );
}
