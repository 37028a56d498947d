import { useParams } from "@tanstack/react-router";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { useActiveWorkspaceId } from "../../platform/preferences/active-workspace.ts";
import { useRouteTitle, useScreenTitle, type TitleNames } from "../../lib/route-titles.ts";
import {
  useAllProjects,
  useTask,
  useUnreadCount,
  useWorkspace,
} from "../../platform/sync/store-hooks.ts";

const inDashboard = (routeId: string) => routeId.startsWith("/_authenticated/dashboard");

/**
 * The title of the signed-in screens, named from the local store: the workspace of the address
 * (else the active one), the project (by id alone, as settings addresses name no workspace)
 * and the task, as `UIX-5 Migrate blog posts · Website Redesign`; the workspace's unread
 * notifications lead it, as `(3) Board · Website`.
 */
function useTitleNames(): TitleNames {
  const params = useParams({ strict: false });
  const activeWorkspaceId = useActiveWorkspaceId();
  const workspaceId = params.workspaceId ?? activeWorkspaceId ?? "";
  const workspace = useWorkspace(workspaceId);
  const unread = useUnreadCount(workspaceId);
  const project = useAllProjects().find((p) => p.id === params.projectId);
  const task = useTask(project?.id ?? "", params.taskId ?? "");
  return {
    workspace: workspace?.name,
    project: project?.name,
    task: task && project ? `${formatTaskKey(project.key, task.number)} ${task.title}` : undefined,
    unread,
  };
}

/** Keeps `document.title` on the signed-in screen's title. */
export function DocumentTitle() {
  useRouteTitle(useTitleNames(), inDashboard);
  return null;
}

/**
 * The phone's top bar names the screen beside the menu button (the sidebar that would say
 * where you are is folded away in its drawer): the same words as the tab's title.
 */
export function PhoneScreenName() {
  const title = useScreenTitle(useTitleNames(), inDashboard);
  return (
    <span className="phone-bar-title" data-testid="phone-screen-name">
      {title}
    </span>
  );
}
