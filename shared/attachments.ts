/**
 * Files on tasks (issue 18; server/attachments/README.md). An attachment's row (id, task, name,
 * type, size, uploader, times) syncs through Replicache; its bytes go over HTTP to the storage
 * (local disk or an S3-compatible store) and come back through `attachmentUrl`, which checks
 * access and redirects to a short-lived signed URL.
 */

/** MAX_UPLOAD_MB when it is not set. */
export const DEFAULT_MAX_UPLOAD_MB = 25;
/** ATTACHMENT_QUOTA_MB when it is not set: the bytes one workspace may store in all. */
export const DEFAULT_ATTACHMENT_QUOTA_MB = 1024;
/** The most a task holds: a limit on the rows every member's store keeps. */
export const MAX_ATTACHMENTS_PER_TASK = 100;
export const MAX_ATTACHMENT_NAME = 255;

/**
 * The only types shown in the page (`Content-Disposition: inline`): raster images a browser
 * decodes without running anything. SVG is not one of them (it may carry script).
 */
const INLINE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

export function isInlineImage(type: string): boolean {
  return (INLINE_IMAGE_TYPES as readonly string[]).includes(type);
}

/** `type/subtype`, as a browser reports a File's type; anything else counts as unknown. */
export const MIME_TYPE_PATTERN =
  /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/** The stable address of an attachment's bytes: it checks access and redirects to a signed URL. */
export const attachmentUrl = (id: string) => `/api/attachments/${id}/content`;

/** The attachment id in a markdown image's address, when it is one of ours. */
export function attachmentIdOf(url: string): string | null {
  const match = /^\/api\/attachments\/([A-Za-z0-9_-]{1,64})\/content$/.exec(url);
  return match ? match[1]! : null;
}

/** A file name as stored: no folders, no control characters, at most MAX_ATTACHMENT_NAME. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const clean = base.replace(/\p{Cc}/gu, "").trim();
  return (clean || "file").slice(0, MAX_ATTACHMENT_NAME);
}

/** "812 B", "14 KB", "3.2 MB", "1.4 GB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
  const gb = mb / 1024;
  return `${gb < 10 ? Number(gb.toFixed(1)) : Math.round(gb)} GB`;
}

/** The message for an upload past the workspace's quota (sent by the server, shown in the page). */
export const quotaExceededMessage = (quotaMb: number) =>
  `This workspace has used its ${formatQuota(quotaMb)} of storage for files. Delete some files to make room.`;

/** "500 MB", "1 GB", "2.5 GB". */
export function formatQuota(megabytes: number): string {
  if (megabytes < 1024) return `${megabytes} MB`;
  const gb = megabytes / 1024;
  return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
}

/** The message for a file over the limit (shown by the client, sent by the server). */
export const tooLargeMessage = (maxMb: number) => `Files can be at most ${maxMb} MB`;
