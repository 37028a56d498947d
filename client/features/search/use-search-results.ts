import { liveQuery } from "dexie";
import { useEffect, useState } from "react";
import type { SearchDatabase } from "./search-database.ts";
import { runSearch, type SearchResults } from "./run-search.ts";

type SearchState = { results: SearchResults | null; error: string | null };

/**
 * The query's results, live: when the indexer writes a document the query touches, the
 * results follow. While a new query runs, the previous results stay on screen, so typing
 * never flashes an empty page.
 */
export function useSearchResults(
  database: SearchDatabase,
  workspaceId: string,
  query: string,
): SearchState {
  const [state, setState] = useState<SearchState>({ results: null, error: null });

  useEffect(() => {
    const subscription = liveQuery(() => runSearch(database, workspaceId, query)).subscribe({
      next: (results) => setState({ results, error: null }),
      error: (error: unknown) =>
        setState((previous) => ({
          ...previous,
          error: error instanceof Error ? error.message : String(error),
        })),
    });
    return () => subscription.unsubscribe();
  }, [database, workspaceId, query]);

  return state;
}
