import { Download, File as FileIcon, FileText, Paperclip, Trash2, X } from "lucide-react";
import { useRef } from "react";
import { attachmentUrl, formatFileSize, isInlineImage } from "../../../shared/attachments.ts";
import type { Attachment } from "../../../shared/entities.ts";
import { showError } from "../../lib/api-errors.ts";
import { useOnline } from "../../platform/browser/use-online.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { Button } from "../../ui/button.tsx";
import { IconButton } from "../../ui/icon-button.tsx";
import { currentUploader } from "../../platform/upload-queue.ts";
import {
  useAddFiles,
  useAttachments,
  useUploadPreviews,
  useUploadProgress,
} from "../../platform/use-attachments.ts";
import "../../styles/attachments.css";

type TaskAttachmentsProps = { taskId: string; canEdit: boolean };

/**
 * A task's files: image thumbnails, other files with their type and size, each a download.
 * Files come from the button, a drop anywhere on the task page or a paste (task-page-files.ts);
 * one on its way shows its progress and can be cancelled.
 */
export function TaskAttachments({ taskId, canEdit }: TaskAttachmentsProps) {
  const attachments = useAttachments(taskId);
  const addFiles = useAddFiles(taskId);
  const input = useRef<HTMLInputElement>(null);
  const previewOf = useUploadPreviews();

  if (attachments.length === 0 && !canEdit) return null;
  return (
    <section className="task-links task-attachments" aria-labelledby="task-attachments-heading">
      <div className="task-links-header">
        <h2 id="task-attachments-heading">Attachments</h2>
        {attachments.length > 0 && <span className="task-links-count">{attachments.length}</span>}
        {canEdit && (
          <>
            <Button
              variant="ghost"
              size="sm"
              icon={<Paperclip aria-hidden />}
              className="task-links-add"
              onClick={() => input.current?.click()}
            >
              Attach files
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label="Files to attach"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = "";
                void addFiles(files);
              }}
            />
          </>
        )}
      </div>
      {attachments.length === 0 ? (
        <p className="task-links-empty">Drop files on the page, paste them, or attach them here.</p>
      ) : (
        <ul className="attachment-list" aria-labelledby="task-attachments-heading">
          {attachments.map((attachment) => (
            <AttachmentItem
              key={attachment.id}
              attachment={attachment}
              preview={previewOf(attachment.id)}
              canEdit={canEdit}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type AttachmentItemProps = {
  attachment: Attachment;
  preview: string | undefined;
  canEdit: boolean;
};

function AttachmentItem({ attachment, preview, canEdit }: AttachmentItemProps) {
  const { rep } = useSync();
  const online = useOnline();
  const progress = useUploadProgress(attachment.id);
  const uploaded = attachment.uploadedAt !== null;
  const url = attachmentUrl(attachment.id);
  const image = isInlineImage(attachment.type) || (!uploaded && preview !== undefined);
  const thumbnail = uploaded ? url : preview;

  const remove = () => {
    const removal = progress
      ? currentUploader()?.cancel(attachment.id, attachment.taskId)
      : rep.mutate.deleteAttachment({ id: attachment.id, taskId: attachment.taskId });
    void Promise.resolve(removal).catch((error: unknown) =>
      showError(error, "The file could not be removed"),
    );
  };

  let status: string;
  if (uploaded) status = `${typeLabel(attachment)} · ${formatFileSize(attachment.size)}`;
  else if (progress?.state === "failed") status = progress.message ?? "Upload failed";
  else if (progress?.state === "uploading") {
    status = `Uploading ${Math.floor((progress.loaded / Math.max(progress.total, 1)) * 100)}% of ${formatFileSize(attachment.size)}`;
  } else if (progress) status = online ? "Waiting to upload…" : "Uploads when you are back online";
  else status = "Uploading…";

  return (
    <li
      className="attachment"
      data-state={uploaded ? "uploaded" : (progress?.state ?? "elsewhere")}
    >
      <div className="attachment-thumbnail" aria-hidden="true">
        {image && thumbnail ? (
          <img src={thumbnail} alt="" loading="lazy" decoding="async" />
        ) : attachment.type.startsWith("text/") || attachment.type === "application/pdf" ? (
          <FileText />
        ) : (
          <FileIcon />
        )}
      </div>
      <div className="attachment-body">
        {uploaded ? (
          <a
            className="attachment-name"
            href={url}
            target="_blank"
            rel="noopener"
            title={attachment.name}
          >
            {attachment.name}
          </a>
        ) : (
          <span className="attachment-name" title={attachment.name}>
            {attachment.name}
          </span>
        )}
        <span className="attachment-meta">{status}</span>
        {progress?.state === "uploading" && (
          <progress
            className="attachment-progress"
            max={progress.total}
            value={progress.loaded}
            aria-label={`Uploading ${attachment.name}`}
          />
        )}
      </div>
      <div className="attachment-actions">
        {uploaded && (
          <a
            className="ui-button"
            data-variant="ghost"
            data-size="sm"
            data-icon-only=""
            href={url}
            download={attachment.name}
            aria-label={`Download ${attachment.name}`}
            title="Download"
          >
            <Download aria-hidden />
          </a>
        )}
        {canEdit &&
          (progress && !uploaded ? (
            <IconButton
              size="sm"
              icon={<X aria-hidden />}
              aria-label={`Cancel the upload of ${attachment.name}`}
              onClick={remove}
            />
          ) : (
            <IconButton
              size="sm"
              icon={<Trash2 aria-hidden />}
              aria-label={`Delete ${attachment.name}`}
              onClick={remove}
            />
          ))}
      </div>
    </li>
  );
}

/** "PNG", "PDF", "ZIP": the name's extension, else the type's subtype. */
function typeLabel(attachment: Attachment): string {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(attachment.name)?.[1];
  const subtype = attachment.type.split("/")[1] ?? "file";
  return (extension ?? subtype.replace(/^(x-|vnd\.)/, "").split(/[.+]/)[0] ?? "file").toUpperCase();
}
