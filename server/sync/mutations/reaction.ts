/**
 * The push's handlers of reactions on comments: whoever may comment reacts; a person removes
 * only their own reaction (the delete names them), and either is a no-op when there is nothing
 * to change. No activity line and no notification: a reaction is not news about the task.
 */
import * as reactionRows from "../rows/reaction-rows.ts";
import type { Handlers } from "./handler.ts";
import { notFound, requireActions } from "./permissions-check.ts";

export const reactionHandlers: Handlers<"addReaction" | "removeReaction"> = {
  async addReaction({ tx, userId }, { commentId, emoji, createdAt }) {
    const comment = await reactionRows.shareComment(tx, commentId, userId);
    if (!comment?.role) throw notFound("comment");
    requireActions(comment.role, "comment.react");
    const writes = reactionRows.insertReaction(tx, {
      workspaceId: comment.workspaceId,
      taskId: comment.taskId,
      commentId,
      userId,
      emoji,
      createdAt,
    });
    return { workspaceId: comment.workspaceId, writes };
  },

  // Not there (never added, removed already, or its comment gone): nothing to do or refuse.
  async removeReaction({ tx, userId }, { commentId, emoji }) {
    const workspaceId = await reactionRows.deleteOwnReaction(tx, { commentId, userId, emoji });
    return { workspaceId, writes: Promise.resolve() };
  },
};
