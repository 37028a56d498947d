import { useSubscribe } from "replicache-react";
import { taskSchema, type Task } from "../../../shared/entities.ts";
import { taskStoreKey } from "../../../shared/keys.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";

/**
 * One task from the store: `undefined` until the store has answered, `null` when it is not
 * there. (`useTask` answers null for both, which would flash "Task not found" on every open.)
 */
export function useTaskLookup(projectId: string, taskId: string): Task | null | undefined {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => {
      const parsed = taskSchema.safeParse(await tx.get(taskStoreKey(projectId, taskId)));
      return parsed.success ? parsed.data : null;
    },
    { default: undefined, dependencies: [projectId, taskId] },
  );
}
