import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useSubscribe } from "replicache-react";
import { attachmentSchema, type Attachment } from "../../shared/entities.ts";
import { prefixes } from "../../shared/keys.ts";
import { showError } from "../lib/api-errors.ts";
import type { AttachmentImage } from "../lib/markdown-view.ts";
import { useSync } from "./sync/replicache-provider.tsx";
import { currentUploader, type AddedFile, type UploadProgress } from "./upload-queue.ts";

const none: Attachment[] = [];

/** A task's files, oldest first. */
export function useAttachments(taskId: string): Attachment[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => {
      const values = await tx
        .scan({ prefix: prefixes.attachment(taskId) })
        .values()
        .toArray();
      return values
        .flatMap((value) => {
          const parsed = attachmentSchema.safeParse(value);
          return parsed.success ? [parsed.data] : [];
        })
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    },
    { default: none, dependencies: [taskId] },
  );
}

const noop = () => () => {};

/** Where this tab's upload of a file stands (undefined when this tab is not sending it). */
export function useUploadProgress(id: string): UploadProgress | undefined {
  const uploader = currentUploader();
  return useSyncExternalStore(uploader?.subscribe ?? noop, () => uploader?.progressOf(id));
}

/** A local address of an image this browser is sending (or sent during this visit). */
export function useUploadPreviews(): (id: string) => string | undefined {
  const uploader = currentUploader();
  const previews = useSyncExternalStore(uploader?.subscribe ?? noop, () => uploader?.previewMap);
  return useCallback((id: string) => previews?.get(id), [previews]);
}

/**
 * How the task's images show in its description and comments: from this browser's copy while
 * it sends them, "Uploading…" while someone else's are on their way (lib/markdown.ts).
 */
export function useAttachmentImages(taskId: string): AttachmentImage {
  const attachments = useAttachments(taskId);
  const previewOf = useUploadPreviews();
  return useMemo(() => {
    const byId = new Map(attachments.map((a) => [a.id, a]));
    return (id: string) => {
      const localUrl = previewOf(id);
      const attachment = byId.get(id);
      if (localUrl && (!attachment || attachment.uploadedAt === null))
        return { localUrl, pending: true };
      // Not known here (yet: an edit relayed ahead of the pull that brings the file's row).
      if (!attachment) return undefined;
      return { pending: attachment.uploadedAt === null };
    };
  }, [attachments, previewOf]);
}

/** Adds files to the task: kept locally, their rows written, their bytes sent when possible. */
export function useAddFiles(taskId: string): (files: readonly File[]) => Promise<AddedFile[]> {
  return useCallback(
    async (files) => {
      const uploader = currentUploader();
      if (!uploader || files.length === 0) return [];
      return uploader.add(files, taskId).catch((error: unknown) => {
        showError(error, "The file could not be added");
        return [];
      });
    },
    [taskId],
  );
}

/** The markdown that shows a file added: an image inline, anything else as a link. */
export function fileMarkdown(file: AddedFile): string {
  const label = file.name.replace(/[[\]\\]/g, "");
  const url = `/api/attachments/${file.id}/content`;
  return file.image ? `![${label}](${url})` : `[${label}](${url})`;
}
