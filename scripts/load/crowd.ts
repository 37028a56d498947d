/** What a crowd of simulated people does and how their stores are compared (load and soak). */
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { Sent } from "./load-client.ts";

/** A change a person makes: mostly edits and moves, some comments, a few new tasks. */
export function randomMutation(projectId: string, taskIds: string[], n: number): Sent {
  const id = taskIds[Math.floor(Math.random() * taskIds.length)]!;
  const at = new Date().toISOString();
  const roll = Math.random();
  if (roll < 0.3) {
    const statuses = ["to-do", "in-progress", "in-review", "done"];
    const status = statuses[Math.floor(Math.random() * statuses.length)]!;
    return { name: "updateTask", args: { id, projectId, status, updatedAt: at } };
  }
  if (roll < 0.6) {
    const priorities = ["no-priority", "low", "medium", "high", "urgent"];
    const priority = priorities[Math.floor(Math.random() * priorities.length)]!;
    return { name: "updateTask", args: { id, projectId, priority, updatedAt: at } };
  }
  if (roll < 0.75) {
    return { name: "updateTask", args: { id, projectId, title: `Edited ${n}`, updatedAt: at } };
  }
  if (roll < 0.92) {
    return {
      name: "addComment",
      args: { id: randomUUID(), taskId: id, body: `Comment ${n}`, createdAt: at },
    };
  }
  return {
    name: "createTask",
    args: { id: randomUUID(), projectId, title: `New ${n}`, createdAt: at },
  };
}

/**
 * Whether two stores hold the same workspace rows: not the person's own notices, notifications
 * and settings, nor the workspace row (it carries the person's own role).
 */
export function sameStore(a: Map<string, unknown>, b: Map<string, unknown>): boolean {
  const sharedKey =
    /^(project|status|label|task|comment|activity|subscriber|relation|attachment|member|description-doc)\//;
  const shared = (store: Map<string, unknown>) => [...store].filter(([key]) => sharedKey.test(key));
  const left = shared(a);
  const right = new Map(shared(b));
  if (left.length !== right.size) return false;
  return left.every(([key, value]) => isDeepStrictEqual(value, right.get(key)));
}
