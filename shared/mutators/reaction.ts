/**
 * Emoji reactions on comments: whoever may comment reacts, at most once per emoji on a comment;
 * only the person who reacted takes their reaction back. Adding one that is there, or removing
 * one that is not, changes nothing (a click in two tabs, two browsers back from offline).
 * The arguments, then the optimistic mutators (shared/mutators/mutators.ts has the rules).
 */
import { z } from "zod";
import { idSchema, timestampSchema, type Reaction } from "../entities.ts";
import { commentKey, reactionKey } from "../keys.ts";
import { reactionEmojiSchema } from "../reaction-emoji.ts";
import type { EntityMutators } from "./store-reads.ts";

/** `taskId` places the key; the server takes the task from the comment's row. */
const addReactionArgs = z.object({
  commentId: idSchema,
  taskId: idSchema,
  emoji: reactionEmojiSchema,
  createdAt: timestampSchema,
});

const removeReactionArgs = z.object({
  commentId: idSchema,
  taskId: idSchema,
  emoji: reactionEmojiSchema,
});

/** The reaction mutators' argument schemas, by name. */
export const reactionArgs = {
  addReaction: addReactionArgs,
  removeReaction: removeReactionArgs,
};

export function reactionMutators(userId: string): EntityMutators<typeof reactionArgs> {
  return {
    async addReaction(tx, input) {
      const { commentId, taskId, emoji, createdAt } = addReactionArgs.parse(input);
      const key = reactionKey(taskId, commentId, userId, emoji);
      if (!(await tx.get(commentKey(taskId, commentId))) || (await tx.get(key))) return;
      const reaction: Reaction = { taskId, commentId, userId, emoji, createdAt };
      await tx.set(key, reaction);
    },

    async removeReaction(tx, input) {
      const { commentId, taskId, emoji } = removeReactionArgs.parse(input);
      await tx.del(reactionKey(taskId, commentId, userId, emoji));
    },
  };
}
