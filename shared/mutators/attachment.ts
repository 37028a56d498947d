/**
 * A file on a task: its row here, its bytes over HTTP (shared/attachments.ts).
 * The arguments, then the optimistic mutators (shared/mutators/mutators.ts has the rules).
 */
import { z } from "zod";
import { attachmentSchema, idSchema, timestampSchema, type Attachment } from "../entities.ts";
import { attachmentKey, prefixes } from "../keys.ts";
import { MAX_ATTACHMENT_NAME, MIME_TYPE_PATTERN } from "../attachments.ts";
import { findById, readKey, type EntityMutators } from "./store-reads.ts";

/**
 * A file on a task: its row, before its bytes (shared/attachments.ts). The size is checked
 * against MAX_UPLOAD_MB on the server; the type is the browser's guess, replaced by what the
 * server reads from the bytes.
 */
const addAttachmentArgs = z.object({
  id: idSchema,
  taskId: idSchema,
  name: z.string().trim().min(1).max(MAX_ATTACHMENT_NAME),
  type: z.string().regex(MIME_TYPE_PATTERN, "expected a type such as image/png"),
  size: z.number().int().min(1, "the file is empty").max(Number.MAX_SAFE_INTEGER),
  createdAt: timestampSchema,
});

const deleteAttachmentArgs = z.object({ id: idSchema, taskId: idSchema.optional() });

/** The attachment mutators' argument schemas, by name. */
export const attachmentArgs = {
  addAttachment: addAttachmentArgs,
  deleteAttachment: deleteAttachmentArgs,
};

export function attachmentMutators(userId: string): EntityMutators<typeof attachmentArgs> {
  return {
    // The row, optimistic; the bytes follow over HTTP (client/platform/upload-queue.ts).
    async addAttachment(tx, input) {
      const args = addAttachmentArgs.parse(input);
      const attachment: Attachment = {
        id: args.id,
        taskId: args.taskId,
        name: args.name,
        type: args.type,
        size: args.size,
        uploadedBy: userId,
        createdAt: args.createdAt,
        uploadedAt: null,
      };
      await tx.set(attachmentKey(args.taskId, args.id), attachment);
    },

    async deleteAttachment(tx, input) {
      const { id, taskId } = deleteAttachmentArgs.parse(input);
      const attachment = taskId
        ? await readKey(tx, attachmentKey(taskId, id), attachmentSchema)
        : await findById(tx, prefixes.attachment(), id, attachmentSchema);
      if (attachment) await tx.del(attachmentKey(attachment.taskId, id));
    },
  };
}
