import { useEffect } from "react";
import { useRep } from "../sync/replicache-provider.tsx";
import { searchDatabase } from "./search-database.ts";
import { SearchIndexer } from "./search-indexer.ts";

/** Keeps the signed-in person's search index up to date while their store is open. */
export function SearchIndexing({ userId }: { userId: string }) {
  const rep = useRep();
  useEffect(() => {
    const indexer = new SearchIndexer(rep, searchDatabase(userId));
    return () => indexer.stop();
  }, [rep, userId]);
  return null;
}
