import { z } from "zod";
import { commentDraftsKey } from "../platform/sync/local-data.ts";

/**
 * Unsent comments, by person and task, kept in the browser's localStorage as Linear keeps
 * them: leaving a task (its page, or `j` in the board's peek), reloading, or closing the tab
 * and coming back finds the draft where it was. Signing out deletes them with the rest of the
 * person's local data (local-data.ts).
 */

/** Drafts kept per person: the ones written last; an older one goes when a new one comes. */
export const MAX_COMMENT_DRAFTS = 50;

// [taskId, body] pairs, the draft written last first (an array keeps the order whatever the ids).
const draftsSchema = z.array(z.tuple([z.string(), z.string()]));
type Drafts = z.infer<typeof draftsSchema>;

function read(storage: Storage, key: string): Drafts {
  try {
    const drafts = draftsSchema.safeParse(JSON.parse(storage.getItem(key) ?? "[]"));
    return drafts.success ? drafts.data : [];
  } catch {
    return [];
  }
}

/** The draft of a comment on a task, or "" when there is none. */
export function readCommentDraft(storage: Storage, userId: string, taskId: string): string {
  return read(storage, commentDraftsKey(userId)).find(([id]) => id === taskId)?.[1] ?? "";
}

/**
 * Keeps the draft of a comment on a task (the newest first), or forgets it when the text is
 * empty. A full storage keeps what it had: the draft is still in the box.
 */
export function writeCommentDraft(
  storage: Storage,
  userId: string,
  taskId: string,
  body: string,
): void {
  const key = commentDraftsKey(userId);
  const drafts = read(storage, key);
  const others = drafts.filter(([id]) => id !== taskId);
  if (!body && others.length === drafts.length) return;
  const next: Drafts = body ? [[taskId, body], ...others] : others;
  try {
    if (next.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(next.slice(0, MAX_COMMENT_DRAFTS)));
  } catch {
    return;
  }
}
