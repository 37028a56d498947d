/**
 * A task's comments: any member adds one; its author edits it; the author, an owner or an
 * admin deletes it.
 * The arguments, then the optimistic mutators (shared/mutators/mutators.ts has the rules).
 */
import { z } from "zod";
import { activitySchema, idSchema, timestampSchema, type Comment } from "../entities.ts";
import { activityKey, commentKey, prefixes } from "../keys.ts";
import { findComment, readAll, type EntityMutators } from "./store-reads.ts";

const addCommentArgs = z.object({
  id: idSchema,
  taskId: idSchema,
  body: z.string().trim().min(1).max(20_000),
  createdAt: timestampSchema,
});

const updateCommentArgs = z.object({
  id: idSchema,
  taskId: idSchema.optional(),
  body: z.string().trim().min(1).max(20_000),
  updatedAt: timestampSchema,
});

const deleteCommentArgs = z.object({ id: idSchema, taskId: idSchema.optional() });

/** The comment mutators' argument schemas, by name. */
export const commentArgs = {
  addComment: addCommentArgs,
  updateComment: updateCommentArgs,
  deleteComment: deleteCommentArgs,
};

export function commentMutators(userId: string): EntityMutators<typeof commentArgs> {
  return {
    async addComment(tx, input) {
      const args = addCommentArgs.parse(input);
      const comment: Comment = {
        id: args.id,
        taskId: args.taskId,
        authorId: userId,
        body: args.body,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      };
      await tx.set(commentKey(comment.taskId, comment.id), comment);
    },

    async updateComment(tx, input) {
      const { id, taskId, body, updatedAt } = updateCommentArgs.parse(input);
      const comment = await findComment(tx, id, taskId);
      if (!comment) return;
      await tx.set(commentKey(comment.taskId, id), { ...comment, body, updatedAt });
    },

    async deleteComment(tx, input) {
      const { id, taskId } = deleteCommentArgs.parse(input);
      const comment = await findComment(tx, id, taskId);
      if (!comment) return;
      await tx.del(commentKey(comment.taskId, id));
      const reactions = tx.scan({ prefix: prefixes.reaction(comment.taskId, id) }).keys();
      for (const key of await reactions.toArray()) await tx.del(key);
      for (const activity of await readAll(tx, prefixes.activity(comment.taskId), activitySchema)) {
        if (activity.commentId === id) await tx.del(activityKey(comment.taskId, activity.id));
      }
    },
  };
}
