import { Dexie, type Table } from "dexie";
import type { SearchDocument } from "./search-documents.ts";

/**
 * The local full-text index: one IndexedDB database per signed-in person, so two accounts in
 * one browser never see each other's words. It only mirrors the Replicache store and is rebuilt
 * from it at any time, so writes may use relaxed durability.
 */
export class SearchDatabase extends Dexie {
  declare documents: Table<SearchDocument, string>;

  constructor(userId: string) {
    // No optimistic-update cache: the screen only reads, and it costs on large key lists.
    super(searchDatabaseName(userId), {
      chromeTransactionDurability: "relaxed",
      cache: "disabled",
    });
    this.version(1).stores({ documents: "id, *words, *titleWords, stamp" });
  }
}

const searchDatabaseName = (userId: string) => `search-${userId}`;

const open = new Map<string, SearchDatabase>();

/** The person's search index, one connection shared by the indexer and the search screen. */
export function searchDatabase(userId: string): SearchDatabase {
  let database = open.get(userId);
  if (!database) open.set(userId, (database = new SearchDatabase(userId)));
  return database;
}
