import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useRep } from "../sync/replicache-provider.tsx";
import { searchDatabase } from "./search-database.ts";
import { SearchIndexer } from "./search-indexer.ts";

/** How long the first screen has to itself before indexing starts (unless search is open). */
const START_DELAY_MS = 2000;

/**
 * Keeps the signed-in person's search index up to date while their store is open. Reading a
 * 10,000-task store into the index competes with the board's first paint after a load, so it
 * starts once the page has settled, or at once on the search screen.
 */
export function SearchIndexing({ userId }: { userId: string }) {
  const rep = useRep();
  const onSearch = useRouterState({
    select: (state) => state.location.pathname.endsWith("/search"),
  });
  const startNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let indexer: SearchIndexer | undefined;
    const start = () => {
      indexer ??= new SearchIndexer(rep, searchDatabase(userId));
    };
    startNow.current = start;
    let idle: number | undefined;
    const timer = setTimeout(() => {
      idle = requestIdleCallback(start, { timeout: START_DELAY_MS });
    }, START_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
      indexer?.stop();
    };
  }, [rep, userId]);

  useEffect(() => {
    if (onSearch) startNow.current();
  }, [onSearch]);
  return null;
}
