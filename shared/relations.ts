/**
 * A relation seen from one of its two tasks. The row says "A blocks B" once; A's page reads it
 * as "blocks B" and B's as "blocked by A". The sides are also the activity kinds that record
 * the change on each task.
 */
import type { RelationKind } from "./entities.ts";

export type RelationSide = "blocks" | "blocked-by" | "relates" | "duplicate-of" | "duplicated-by";

type RelationEnds = { taskId: string; relatedTaskId: string; kind: RelationKind };

/** What the relation makes `taskId` (one of its two tasks) to the other. */
export function relationSide(relation: RelationEnds, taskId: string): RelationSide {
  const first = relation.taskId === taskId;
  switch (relation.kind) {
    case "blocks":
      return first ? "blocks" : "blocked-by";
    case "relates":
      return "relates";
    case "duplicate":
      return first ? "duplicate-of" : "duplicated-by";
  }
}

/** The other task of the relation, seen from `taskId`. */
export function otherTaskId(relation: RelationEnds, taskId: string): string {
  return relation.taskId === taskId ? relation.relatedTaskId : relation.taskId;
}

/**
 * The row that makes `taskId` the `side` of `otherId`: "blocked by X" is X blocks the task,
 * "duplicated by X" is X a duplicate of it.
 */
export function relationFromSide(
  taskId: string,
  side: RelationSide,
  otherId: string,
): RelationEnds {
  switch (side) {
    case "blocks":
      return { taskId, relatedTaskId: otherId, kind: "blocks" };
    case "blocked-by":
      return { taskId: otherId, relatedTaskId: taskId, kind: "blocks" };
    case "relates":
      return { taskId, relatedTaskId: otherId, kind: "relates" };
    case "duplicate-of":
      return { taskId, relatedTaskId: otherId, kind: "duplicate" };
    case "duplicated-by":
      return { taskId: otherId, relatedTaskId: taskId, kind: "duplicate" };
  }
}
