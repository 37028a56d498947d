import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { searchDigestKey } from "../../platform/sync/local-data.ts";
import { useRep } from "../../platform/sync/replicache-provider.tsx";
import { SearchIndexer } from "./search-indexer.ts";

/** The index's database, with Dexie: fetched only when the index is written or read. */
const openSearchDatabase = (userId: string) =>
  import("./search-database.ts").then(({ searchDatabase }) => searchDatabase(userId));

/**
 * The store must have been quiet this long (no sync landing), and the person too (no key or
 * pointer press), before indexing starts…
 */
const QUIET_MS = 2000;
/** …unless it never is: a busy workspace still gets its index after this long. */
const LATEST_START_MS = 15_000;

/**
 * Keeps the signed-in person's search index up to date while their store is open. Reading a
 * 10,000-task store into the index competes with the board's first paint, after a reload as
 * after a first sync, so it starts once the store has settled and the page is idle, or at
 * once on the search screen. Reading the whole store also holds up Replicache for a moment, so
 * a card moved just then would paint late (a first move 2 s after a reload took 160–260 ms in
 * the benchmark): a press of a key or the pointer postpones the start as a change does.
 */
export function SearchIndexing({ userId }: { userId: string }) {
  const rep = useRep();
  const onSearch = useRouterState({
    select: (state) => state.location.pathname.endsWith("/search"),
  });
  const startNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let indexer: SearchIndexer | undefined;
    let idle: number | undefined;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      stopWaiting();
      indexer ??= new SearchIndexer(rep, () => openSearchDatabase(userId), searchDigestKey(userId));
    };
    const waitForQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        idle = requestIdleCallback(start, { timeout: QUIET_MS });
      }, QUIET_MS);
    };
    const stopWatching = rep.experimentalWatch(waitForQuiet);
    const presses = ["keydown", "pointerdown"] as const;
    for (const press of presses) {
      window.addEventListener(press, waitForQuiet, { capture: true, passive: true });
    }
    const latest = setTimeout(start, LATEST_START_MS);
    function stopWaiting() {
      stopWatching();
      for (const press of presses) window.removeEventListener(press, waitForQuiet, true);
      clearTimeout(quiet);
      clearTimeout(latest);
      if (idle !== undefined) cancelIdleCallback(idle);
    }
    startNow.current = () => {
      start();
      void indexer?.verify();
    };
    waitForQuiet();
    return () => {
      stopWaiting();
      indexer?.stop();
    };
  }, [rep, userId]);

  useEffect(() => {
    if (onSearch) startNow.current();
  }, [onSearch]);
  return null;
}
