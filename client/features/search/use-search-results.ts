import { useEffect, useState } from "react";
import type { SearchDatabase } from "./search-database.ts";
import { runSearch, type SearchResults } from "./run-search.ts";

type SearchState = { results: SearchResults | null; error: string | null };

/**
 * The query's results, kept current: whenever the index is written (in this tab or another),
 * the query runs again. While a new query runs, the previous results stay on screen, so
 * typing never flashes an empty page.
 *
 * Not `liveQuery`: it records every id a query reads to know which writes concern it, which
 * for a common word over 10,000 tasks costs more than the query itself. Any write to the
 * index re-running the query is cheaper, and only the indexer writes.
 */
export function useSearchResults(
  database: SearchDatabase,
  workspaceId: string,
  query: string,
): SearchState {
  const [state, setState] = useState<SearchState>({ results: null, error: null });

  useEffect(() => {
    let stopped = false;
    let running = false;
    let runAgain = false;

    const run = async () => {
      if (running) {
        runAgain = true;
        return;
      }
      running = true;
      try {
        do {
          runAgain = false;
          const results = await runSearch(database, workspaceId, query);
          if (!stopped) setState({ results, error: null });
        } while (runAgain && !stopped);
      } catch (error) {
        if (!stopped) {
          const message = error instanceof Error ? error.message : String(error);
          setState((previous) => ({ ...previous, error: message }));
        }
      } finally {
        running = false;
      }
    };

    const stopListening = database.onWrite(() => void run());
    void run();
    return () => {
      stopped = true;
      stopListening();
    };
  }, [database, workspaceId, query]);

  return state;
}
