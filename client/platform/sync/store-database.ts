import { SCHEMA_VERSION } from "../../../shared/schema-version.ts";

/** The Replicache store of one person: their id in the name keeps accounts apart. */
export const storeName = (userId: string) => `tasks-${userId}`;

/**
 * The IndexedDB database Replicache keeps that store in: `makeIDBName(storeName(userId),
 * SCHEMA_VERSION)`, written out so that the page's first script can name it without loading
 * Replicache (`warmStoreDatabase`); store-database.test.ts checks that the two agree.
 */
export const storeDatabaseName = (userId: string) =>
  `rep:${storeName(userId)}:${REPLICACHE_FORMAT_VERSION}:${SCHEMA_VERSION}`;

/** Replicache 15's format version, the middle of its database names. */
const REPLICACHE_FORMAT_VERSION = 7;

/** Where Replicache lists the databases it made, opened with every store. */
const REPLICACHE_DATABASES = "replicache-dbs-v0";

/** How long the early connections stay open: the store has opened its own long before. */
const HOLD_MS = 10_000;

/**
 * Opens the databases a reload's store reads, as the page's first script runs, so that the
 * browser has them open when Replicache, whose code comes later, asks for them: on a reload of
 * the 800-task board the two first opens took 22 and 46 ms, on the way to the first screen.
 *
 * Opens only databases that exist (a missing one is not created: its upgrade is aborted), and
 * lets go of them after a while or as soon as anything wants to delete or upgrade them, so that
 * sign-out's deletion is never held up.
 */
export function warmStoreDatabase(userId: string): void {
  if (typeof indexedDB === "undefined") return;
  for (const name of [storeDatabaseName(userId), REPLICACHE_DATABASES]) {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      return; // A browser that refuses IndexedDB here: Replicache says so itself.
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => event.preventDefault();
    request.onsuccess = () => {
      const database = request.result;
      const close = () => database.close();
      database.onversionchange = close;
      setTimeout(close, HOLD_MS);
    };
  }
}
