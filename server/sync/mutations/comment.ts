/**
 * The push's handlers of comments.
 */
import { canDeleteComment, canEditComment } from "../../../shared/sync-permissions.ts";
import * as notify from "../../notifications/notify.ts";
import * as activityRows from "../rows/activity-rows.ts";
import * as commentRows from "../rows/comment-rows.ts";
import * as taskRows from "../rows/task-rows.ts";
import type { Handlers } from "./handler.ts";
import { MutationRefused, forbidden, notFound, requireActions } from "./permissions-check.ts";

export const commentHandlers: Handlers<"addComment" | "updateComment" | "deleteComment"> = {
  async addComment({ tx, userId }, args) {
    const task = await taskRows.lockTask(tx, args.taskId, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "comment.create");
    const writes = Promise.all([
      commentRows.insertComment(tx, {
        id: args.id,
        workspaceId: task.workspaceId,
        taskId: task.id,
        authorId: userId,
        body: args.body,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      }),
      activityRows.insertActivities(tx, [
        {
          workspaceId: task.workspaceId,
          taskId: task.id,
          actorId: userId,
          kind: "comment",
          commentId: args.id,
          createdAt: args.createdAt,
        },
      ]),
      notify.commentAdded(
        tx,
        { taskId: task.id, actorId: userId, at: args.createdAt },
        { id: args.id, body: args.body },
      ),
    ]);
    return { workspaceId: task.workspaceId, writes };
  },

  async updateComment({ tx, userId }, { id, body, updatedAt }) {
    const comment = await commentRows.lockComment(tx, id, userId);
    if (!comment?.role) throw notFound("comment");
    if (!canEditComment(userId, comment.authorId)) {
      throw new MutationRefused("FORBIDDEN", "You can only edit your own comments.");
    }
    const writes = Promise.all([
      commentRows.updateComment(tx, id, body, updatedAt),
      notify.commentEdited(
        tx,
        { taskId: comment.taskId, actorId: userId, at: updatedAt },
        { id, before: comment.body, after: body },
      ),
    ]);
    return { workspaceId: comment.workspaceId, writes };
  },

  async deleteComment({ tx, userId }, { id }) {
    const comment = await commentRows.lockComment(tx, id, userId);
    if (!comment?.role) throw notFound("comment");
    if (!canDeleteComment(comment.role, userId, comment.authorId))
      throw forbidden("comment.delete-any");
    return { workspaceId: comment.workspaceId, writes: commentRows.deleteComment(tx, id) };
  },
};
