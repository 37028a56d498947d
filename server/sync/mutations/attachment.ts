/**
 * The push's handlers of attachments' rows; their bytes follow over HTTP
 * (server/attachments/).
 */
import {
  cleanFileName,
  DEFAULT_MAX_UPLOAD_MB,
  MAX_ATTACHMENTS_PER_TASK,
  tooLargeMessage,
} from "../../../shared/attachments.ts";
import * as attachmentRows from "../rows/attachment-rows.ts";
import * as taskRows from "../rows/task-rows.ts";
import type { Handlers } from "./handler.ts";
import { MutationRefused, notFound, requireActions } from "./permissions-check.ts";

export const attachmentHandlers: Handlers<"addAttachment" | "deleteAttachment"> = {
  // The row of a file; its bytes follow over HTTP (server/attachments/attachment-routes.ts).
  async addAttachment({ tx, userId, maxUploadBytes }, args) {
    const task = await taskRows.lockTask(tx, args.taskId, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.update");
    const maxBytes = maxUploadBytes ?? DEFAULT_MAX_UPLOAD_MB * 1024 * 1024;
    if (args.size > maxBytes) {
      throw new MutationRefused("INVALID", tooLargeMessage(Math.round(maxBytes / 1024 / 1024)));
    }
    const slots = await attachmentRows.attachmentSlots(tx, task.id, args.id);
    if (slots.taken) throw new MutationRefused("CONFLICT", "This attachment already exists");
    if (slots.count >= MAX_ATTACHMENTS_PER_TASK) {
      throw new MutationRefused(
        "INVALID",
        `A task can have at most ${MAX_ATTACHMENTS_PER_TASK} attachments`,
      );
    }
    const writes = attachmentRows.insertAttachment(tx, {
      id: args.id,
      workspaceId: task.workspaceId,
      taskId: task.id,
      name: cleanFileName(args.name),
      type: args.type,
      size: args.size,
      uploadedBy: userId,
      createdAt: args.createdAt,
    });
    return { workspaceId: task.workspaceId, writes };
  },

  async deleteAttachment({ tx, userId }, { id }) {
    const attachment = await attachmentRows.lockAttachment(tx, id, userId);
    if (!attachment?.role) throw notFound("attachment");
    requireActions(attachment.role, "task.update");
    return { workspaceId: attachment.workspaceId, writes: attachmentRows.deleteAttachment(tx, id) };
  },
};
