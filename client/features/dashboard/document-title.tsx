import { useParams } from "@tanstack/react-router";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { useActiveWorkspaceId } from "../../lib/active-workspace.ts";
import { useRouteTitle } from "../../lib/route-titles.ts";
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
export function DocumentTitle() {
  const params = useParams({ strict: false });
  const activeWorkspaceId = useActiveWorkspaceId();
  const workspaceId = params.workspaceId ?? activeWorkspaceId ?? "";
  const workspace = useWorkspace(workspaceId);
  const unread = useUnreadCount(workspaceId);
  const project = useAllProjects().find((p) => p.id === params.projectId);
  const task = useTask(project?.id ?? "", params.taskId ?? "");
  useRouteTitle(
    {
      workspace: workspace?.name,
      project: project?.name,
      task:
        task && project ? `${formatTaskKey(project.key, task.number)} ${task.title}` : undefined,
      unread,
    },
    inDashboard,
  );
  return null;
}
