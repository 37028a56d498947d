import { useMemo } from "react";
import { useSubscribe } from "replicache-react";
import { statusSchema, type Status, type Task } from "../../shared/entities.ts";
import { prefixes } from "../../shared/keys.ts";
import {
  defaultProjectStatuses,
  defaultStatuses,
  liveStatuses,
  type WorkflowStatus,
} from "../../shared/statuses.ts";
import { useSync } from "./sync/replicache-provider.tsx";

/**
 * Every status of a project as the store holds them, deleted ones too, in workflow order (live
 * ones first as `liveStatuses` orders them, then the deleted). A store synced before projects
 * had statuses holds none until its next pull: the project then reads as having the defaults,
 * which is what the server gave it.
 */
export function useAllProjectStatuses(projectId: string): readonly Status[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => {
      const statuses: Status[] = [];
      for (const value of await tx
        .scan({ prefix: prefixes.status(projectId) })
        .values()
        .toArray()) {
        const parsed = statusSchema.safeParse(value);
        if (parsed.success) statuses.push(parsed.data);
      }
      if (statuses.length === 0) {
        return defaultProjectStatuses(
          { id: projectId, workspaceId: "" },
          new Date(0).toISOString(),
        );
      }
      const live = liveStatuses(statuses);
      return [...live, ...statuses.filter((status) => status.replacedBy !== null)];
    },
    { default: noStatuses, dependencies: [projectId] },
  );
}

const noStatuses: readonly Status[] = [];

/**
 * The statuses of a project, in order: the single place screens read a workflow from (board
 * columns, backlog groups, pickers, filters, "done"). Deleted statuses are left out.
 */
export function useProjectStatuses(projectId: string): readonly WorkflowStatus[] {
  const all = useAllProjectStatuses(projectId);
  // The same array until the statuses change: cards and columns are memoised on it.
  return useMemo(() => all.filter((status) => status.replacedBy === null), [all]);
}

const defaultsById = new Map<string, WorkflowStatus>(
  defaultStatuses.map((status) => [status.id, status]),
);

/**
 * The status of a task of any project of the workspace, from its own project's list: related
 * tasks and blockers may be in other projects than the page or board that shows them. A
 * deleted status reads as the one that replaced it, as the server resolves it. A project the
 * store holds no statuses of yet reads as having the defaults. The function stays the same
 * until a status changes.
 */
export function useTaskStatusOf(workspaceId: string): (task: Task) => WorkflowStatus | undefined {
  const { rep } = useSync();
  const statuses = useSubscribe(
    rep,
    async (tx) => {
      const byKey = new Map<string, Status>();
      for (const value of await tx.scan({ prefix: prefixes.status() }).values().toArray()) {
        const parsed = statusSchema.safeParse(value);
        if (parsed.success && parsed.data.workspaceId === workspaceId) {
          byKey.set(`${parsed.data.projectId}/${parsed.data.id}`, parsed.data);
        }
      }
      return byKey;
    },
    { default: noStatusMap, dependencies: [workspaceId] },
  );
  return useMemo(() => (task: Task) => statusOfTask(statuses, task), [statuses]);
}

/**
 * A task's status among the workspace's (by `{projectId}/{id}`): a deleted one reads as the one
 * that replaced it, an unknown one as the default of that id.
 */
export function statusOfTask(
  statuses: ReadonlyMap<string, Status>,
  task: Task,
): WorkflowStatus | undefined {
  const key = (id: string) => `${task.projectId}/${id}`;
  let status = statuses.get(key(task.status));
  // A chain of replacements is as long as the deletions that made it.
  for (let hops = 0; status?.replacedBy && hops < 50; hops++) {
    const next = statuses.get(key(status.replacedBy));
    if (!next) break;
    status = next;
  }
  return status ?? defaultsById.get(task.status);
}

const noStatusMap: ReadonlyMap<string, Status> = new Map();
