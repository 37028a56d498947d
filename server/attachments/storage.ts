/**
 * Where attachment bytes live, behind one small interface (README.md here): local disk under
 * DATA_DIR by default, or an S3-compatible bucket. Both hand the browser URLs signed for a few
 * minutes, so the bytes of an S3 deployment never pass through the app server.
 */

/** How long a signed upload URL stays valid: long enough for 25 MB on a slow line, no more. */
export const UPLOAD_URL_SECONDS = 10 * 60;
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
  /** Moves the bytes to another key (replacing what is there), as `complete` does. */
  move(from: string, to: string): Promise<void>;
  /** The upload keys that hold bytes (uploadKeyPrefix), with when their bytes were written. */
  listUploads(): Promise<{ key: string; writtenAt: Date }[]>;
};

/** The storage key of an attachment's bytes, as they are served. */
export const attachmentStorageKey = (id: string) => `attachments/${id}`;

/**
 * Where a signed upload URL writes: a key of that one URL's own (a random `nonce`, kept in the
 * row as `upload_key`), never the served key. `complete` checks the bytes there and moves them
 * to attachmentStorageKey; a PUT to the URL afterwards (bytes swapped after the type check), or
 * after the attachment was deleted, writes where nothing is served, and the purge deletes it.
 */
export const uploadStorageKey = (id: string, nonce: string) => `uploads/${id}/${nonce}`;
export const uploadKeyPrefix = "uploads/";

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
