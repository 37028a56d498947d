/**
 * Where attachment bytes live, behind one small interface (README.md here): local disk under
 * DATA_DIR by default, or an S3-compatible bucket. Both hand the browser URLs signed for a few
 * minutes, so the bytes of an S3 deployment never pass through the app server.
 */

/** How long a signed upload URL stays valid. */
export const UPLOAD_URL_SECONDS = 15 * 60;
/** How long a signed download URL stays valid (the redirect to it is cached for less). */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

export type UploadTarget = { url: string; method: "PUT"; headers: Record<string, string> };

export type AttachmentStorage = {
  readonly kind: "local" | "s3";
  /** The signed URL the browser PUTs the bytes to, with the headers it must send. */
  uploadTarget(key: string, file: { type: string; size: number }): Promise<UploadTarget>;
  /** A signed URL that serves the bytes with this type and Content-Disposition. */
  downloadUrl(key: string, how: { type: string; disposition: string }): Promise<string>;
  /** The stored size in bytes, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /** The first `length` bytes (all of them when the file is shorter). */
  head(key: string, length: number): Promise<Uint8Array>;
  /** Deletes the bytes; a key with nothing under it is not an error. */
  delete(key: string): Promise<void>;
};

/** The storage key of an attachment's bytes. */
export const attachmentStorageKey = (id: string) => `attachments/${id}`;

/**
 * `Content-Disposition` for a file: inline only for the raster images the page shows,
 * an attachment (a download, with its name) for anything else.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
