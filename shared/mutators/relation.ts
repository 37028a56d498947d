/**
 * Relations between two tasks of a workspace: blocks, relates to, duplicate of.
 * The arguments, then the optimistic mutators (shared/mutators/mutators.ts has the rules).
 */
import { z } from "zod";
import {
  idSchema,
  relationKindSchema,
  relationSchema,
  timestampSchema,
  type Relation,
} from "../entities.ts";
import { prefixes, relationKey } from "../keys.ts";
import { findById, findTask, type EntityMutators } from "./store-reads.ts";

/**
 * Relates two tasks of one workspace (`workspaceId` is where the relation's key lives; the
 * server checks that both tasks are there). "Blocked by X" is X `blocks` this task.
 */
const addRelationArgs = z.object({
  id: idSchema,
  workspaceId: idSchema,
  taskId: idSchema,
  relatedTaskId: idSchema,
  kind: relationKindSchema,
  createdAt: timestampSchema,
  /** The tasks' projects, for the optimistic value only (the server reads them). */
  taskProjectId: idSchema.optional(),
  relatedProjectId: idSchema.optional(),
});

const removeRelationArgs = z.object({
  id: idSchema,
  workspaceId: idSchema.optional(),
  /** The time of the change, for the activity. */
  removedAt: timestampSchema,
});

/** The relation mutators' argument schemas, by name. */
export const relationArgs = {
  addRelation: addRelationArgs,
  removeRelation: removeRelationArgs,
};

export function relationMutators(userId: string): EntityMutators<typeof relationArgs> {
  return {
    async addRelation(tx, input) {
      const args = addRelationArgs.parse(input);
      // The tasks' projects, as the server reads them: from the hints, else from the store.
      const taskProjectId =
        args.taskProjectId ?? (await findTask(tx, args.taskId, undefined))?.projectId;
      const relatedProjectId =
        args.relatedProjectId ?? (await findTask(tx, args.relatedTaskId, undefined))?.projectId;
      const relation: Relation = {
        id: args.id,
        workspaceId: args.workspaceId,
        taskId: args.taskId,
        relatedTaskId: args.relatedTaskId,
        kind: args.kind,
        createdBy: userId,
        createdAt: args.createdAt,
        ...(taskProjectId ? { taskProjectId } : {}),
        ...(relatedProjectId ? { relatedProjectId } : {}),
      };
      await tx.set(relationKey(relation.workspaceId, relation.id), relation);
    },

    async removeRelation(tx, input) {
      const { id, workspaceId } = removeRelationArgs.parse(input);
      if (workspaceId && (await tx.del(relationKey(workspaceId, id)))) return;
      const relation = await findById(tx, prefixes.relation(), id, relationSchema);
      if (relation) await tx.del(relationKey(relation.workspaceId, id));
    },
  };
}
