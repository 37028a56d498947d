/**
 * People's pictures and workspaces' logos are our own files, served from `/api/pictures/{id}`:
 * a picture loaded from any other server told that server the address of everyone who saw the
 * person and when (issue 43). Nothing else is shown as a picture, and the server refuses to
 * store any other address as one.
 */

/** The largest picture the server keeps; the browser makes a small square of it first. */
export const MAX_PICTURE_BYTES = 1024 * 1024;

/** The types a picture may have, read from its first bytes. */
export const PICTURE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

const PICTURE_PATH =
  /^\/api\/pictures\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether an image address is one of our own pictures (only those are shown). */
export function isOwnPicture(url: unknown): boolean {
  return typeof url === "string" && PICTURE_PATH.test(url);
}

export const picturePath = (id: string) => `/api/pictures/${id}`;
