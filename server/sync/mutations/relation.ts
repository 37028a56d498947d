/**
 * The push's handlers of relations between tasks (blocked by, related…), and the activity
 * lines a link between two tasks writes on each.
 */
import type { Relation } from "../../../shared/entities.ts";
import { relationSide, type RelationSide } from "../../../shared/relations.ts";
import * as activityRows from "../rows/activity-rows.ts";
import * as relationRows from "../rows/relation-rows.ts";
import * as taskRows from "../rows/task-rows.ts";
import type { Handlers } from "./handler.ts";
import { MutationRefused, notFound, requireActions } from "./permissions-check.ts";
import type { Tx } from "../../db/transaction.ts";

export const relationHandlers: Handlers<"addRelation" | "removeRelation"> = {
  async addRelation({ tx, userId }, args) {
    if (args.taskId === args.relatedTaskId) {
      throw new MutationRefused("INVALID", "A task cannot be related to itself.");
    }
    const tasks = await relationRows.relatedTasks(tx, [args.taskId, args.relatedTaskId], userId);
    const task = tasks.get(args.taskId);
    const related = tasks.get(args.relatedTaskId);
    // A task of a workspace the person is not in is as missing as one that does not exist.
    if (!task?.role || !related?.role) throw notFound("task");
    if (task.workspaceId !== related.workspaceId) {
      throw new MutationRefused("INVALID", "Only tasks of the same workspace can be related.");
    }
    if (task.workspaceId !== args.workspaceId) throw notFound("task");
    requireActions(task.role, "task.update");
    if (await relationRows.relationBetween(tx, args.taskId, args.relatedTaskId)) {
      throw new MutationRefused("CONFLICT", "These tasks are already related.");
    }
    const relation = {
      id: args.id,
      workspaceId: task.workspaceId,
      taskId: args.taskId,
      relatedTaskId: args.relatedTaskId,
      kind: args.kind,
      createdBy: userId,
      createdAt: args.createdAt,
    };
    const lines = await relationLines(tx, relation, "to");
    const writes = Promise.all([
      relationRows.insertRelation(tx, relation),
      activityRows.insertActivities(
        tx,
        lines.map((line) => ({
          workspaceId: task.workspaceId,
          actorId: userId,
          createdAt: args.createdAt,
          ...line,
        })),
      ),
    ]);
    return { workspaceId: task.workspaceId, writes };
  },

  async removeRelation({ tx, userId }, { id, removedAt }) {
    const relation = await relationRows.lockRelation(tx, id, userId);
    if (!relation?.role) throw notFound("relation");
    requireActions(relation.role, "task.update");
    const lines = await relationLines(tx, relation, "from");
    const writes = Promise.all([
      activityRows.insertActivities(
        tx,
        lines.map((line) => ({
          workspaceId: relation.workspaceId,
          actorId: userId,
          createdAt: removedAt,
          ...line,
        })),
      ),
      relationRows.deleteRelation(tx, id),
    ]);
    return { workspaceId: relation.workspaceId, writes };
  },
};

export type LinkLine = {
  taskId: string;
  kind: "parent" | "subtask" | RelationSide;
  from?: string | null;
  to?: string | null;
};

/**
 * A relation added (`to`) or removed (`from`), once on each of its tasks, in its own words:
 * "blocks WEB-7" on one, "blocked by WEB-3" on the other.
 */
async function relationLines(
  tx: Tx,
  relation: Pick<Relation, "taskId" | "relatedTaskId" | "kind">,
  field: "from" | "to",
): Promise<LinkLine[]> {
  const { taskId, relatedTaskId } = relation;
  const keys = await taskRows.taskKeys(tx, [taskId, relatedTaskId]);
  return [
    { taskId, kind: relationSide(relation, taskId), [field]: keys.get(relatedTaskId) ?? null },
    {
      taskId: relatedTaskId,
      kind: relationSide(relation, relatedTaskId),
      [field]: keys.get(taskId) ?? null,
    },
  ];
}
