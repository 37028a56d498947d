import { Dexie, type ObservabilitySet, type Table } from "dexie";
import { searchIndexName } from "../../platform/sync/local-data.ts";
import { INDEX_SCHEMA_VERSION, type SearchDocument } from "./search-documents.ts";

/**
 * The local full-text index: one IndexedDB database per signed-in person, so two accounts in
 * one browser never see each other's words. It only mirrors the Replicache store and is rebuilt
 * from it at any time, so writes may use relaxed durability.
 */
export class SearchDatabase extends Dexie {
  declare documents: Table<SearchDocument, string>;

  constructor(userId: string) {
    // No optimistic-update cache: the screen only reads, and it costs on large key lists.
    super(searchIndexName(userId), {
      chromeTransactionDurability: "relaxed",
      cache: "disabled",
    });
    this.version(INDEX_SCHEMA_VERSION).stores({ documents: "id, *words, *titleWords, stamp" });
  }

  /**
   * Calls `listener` after each write to this index, in this tab or another. (Kept here so that
   * the search screen's hooks do not import Dexie: the module that holds them is shared with
   * the board's, and a static import would fetch Dexie with every board.)
   */
  onWrite(listener: () => void): () => void {
    const ownParts = `idb://${this.name}/`;
    const onMutated = (parts: ObservabilitySet) => {
      if (Object.keys(parts).some((part) => part.startsWith(ownParts))) listener();
    };
    Dexie.on("storagemutated", onMutated);
    return () => Dexie.on.storagemutated.unsubscribe(onMutated);
  }
}

const open = new Map<string, SearchDatabase>();

/** The person's search index, one connection shared by the indexer and the search screen. */
export function searchDatabase(userId: string): SearchDatabase {
  let database = open.get(userId);
  if (!database) open.set(userId, (database = new SearchDatabase(userId)));
  return database;
}
