import { dropDatabase, makeIDBName } from "replicache";
import { SCHEMA_VERSION } from "../../../shared/schema-version.ts";
import { storeName } from "./store-database.ts";

/** The Dexie search index of one person's tasks. */
export const searchIndexName = (userId: string) => `search-${userId}`;

/**
 * The localStorage key of what that index held when it last caught up with the whole store
 * (features/search/search-indexer.ts): a load whose store gives the same digest leaves it shut.
 */
export const searchDigestKey = (userId: string) => `search-index-digest:${userId}`;

/** Files this person added that are still to be uploaded (platform/upload-queue.ts). */
export const uploadsName = (userId: string) => `uploads-${userId}`;

/**
 * The localStorage key that says that database was last found empty: set when the queue is
 * read empty, taken away before a file is kept, so a load with nothing to send leaves the
 * database shut. Without it (a browser from before it, or one that has not looked yet) the
 * database is read once.
 */
export const uploadsEmptyKey = (userId: string) => `uploads-empty:${userId}`;

/** The service worker's cache of attachment images (vite.config.ts). */
const ATTACHMENT_IMAGE_CACHE = "attachment-images";

/** The localStorage key of the projects one person's store syncs (platform/sync/sync-scope.ts). */
export const syncedProjectsKey = (userId: string) => `synced-projects:${userId}`;

/** The localStorage key of the tasks whose history one person's store holds (the same). */
export const syncedTasksKey = (userId: string) => `synced-tasks:${userId}`;

/** The localStorage key of one person's unsent comments (comment-drafts.ts). */
export const commentDraftsKey = (userId: string) => `comment-drafts:${userId}`;

/** The IndexedDB database of the refusal notices this browser has shown one person. */
export const seenNoticesName = (userId: string) => `notices-${userId}`;

/** Where browsers kept those notices before (localStorage), deleted with the rest. */
const legacySeenNoticesKey = (userId: string) => `seen-sync-notices:${userId}`;

// A tab that never lets go of a database (a frozen tab) must not hang sign-out: the browser
// deletes the database as soon as that tab closes it.
const DELETE_WAIT_MS = 3000;

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    setTimeout(resolve, DELETE_WAIT_MS);
  });
}

async function replicacheDatabases(userId: string): Promise<string[]> {
  const current = makeIDBName(storeName(userId), SCHEMA_VERSION);
  // Stores of earlier schema versions share the prefix; indexedDB.databases() is missing in
  // some older browsers, and then only the current one is known.
  const prefix = `${makeIDBName(storeName(userId))}:`;
  const all = indexedDB.databases ? await indexedDB.databases() : [];
  const names = all.flatMap(({ name }) => (name?.startsWith(prefix) ? [name] : []));
  return [...new Set([current, ...names])];
}

/**
 * Deletes everything this browser keeps of one person's data: their Replicache store (with
 * any changes not yet pushed), their search index, their unsent comments and the notices shown
 * to them. Stores must be closed first, or an open one would write its database back into being.
 */
export async function deleteLocalData(userId: string): Promise<void> {
  localStorage.removeItem(syncedProjectsKey(userId));
  localStorage.removeItem(syncedTasksKey(userId));
  localStorage.removeItem(legacySeenNoticesKey(userId));
  localStorage.removeItem(commentDraftsKey(userId));
  localStorage.removeItem(searchDigestKey(userId));
  localStorage.removeItem(uploadsEmptyKey(userId));
  const stores = await replicacheDatabases(userId);
  await Promise.all([
    ...stores.map((name) =>
      Promise.race([
        dropDatabase(name, { logLevel: "error" }),
        new Promise((resolve) => setTimeout(resolve, DELETE_WAIT_MS)),
      ]),
    ),
    deleteDatabase(searchIndexName(userId)),
    deleteDatabase(uploadsName(userId)),
    deleteDatabase(seenNoticesName(userId)),
    // Images seen while signed in are not for whoever uses this browser next.
    "caches" in window ? caches.delete(ATTACHMENT_IMAGE_CACHE) : undefined,
  ]);
}
