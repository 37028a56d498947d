import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useDeferredValue, useRef, useState, type KeyboardEvent } from "react";
import { SearchX } from "lucide-react";
import { useSession } from "../../platform/session/session-store.ts";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { useIndexBuilding } from "./index-status.ts";
import { searchDatabase, type SearchDatabase } from "./search-database.ts";
import { RESULT_LINK_CLASS, SearchResults } from "./search-results.tsx";
import { useSearchResults } from "./use-search-results.ts";
import { mergeResults, useServerSearch } from "./use-server-search.ts";
import "../../styles/search.css";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/$workspaceId/search")({
  component: Search,
});

function Search() {
  const session = useSession();
  // The dashboard renders nothing without a session; this is only the moment of signing out.
  if (!session) return null;
  return <SearchPage database={searchDatabase(session.user.id)} />;
}

/**
 * Searches the workspace's tasks, projects and comments in the local index: instant, and
 * the same offline. Tasks of projects this browser has not opened (partial sync) come from
 * the server when online, after the local ones. The query is in the address, so a search
 * survives a reload.
 */
function SearchPage({ database }: { database: SearchDatabase }) {
  const { workspaceId } = Route.useParams();
  const { q } = Route.useSearch();
  const navigate = useNavigate({ from: "/dashboard/workspace/$workspaceId/search" });
  const [text, setText] = useState(q ?? "");
  // Addresses this field wrote and the router has not shown yet: typing fast runs ahead of them.
  const written = useRef(new Set<string>());
  const [shownQuery, setShownQuery] = useState(q ?? "");
  if ((q ?? "") !== shownQuery) {
    // The address changed: our own write catching up, or back/forward/a link, which the field follows.
    setShownQuery(q ?? "");
    if (!catchUp(written.current, q ?? "")) setText(q ?? "");
  }
  const query = useDeferredValue(text);
  const local = useSearchResults(database, workspaceId, query);
  const server = useServerSearch(workspaceId, query);
  const error = local.error;
  const results = local.results && mergeResults(local.results, server);
  const building = useIndexBuilding();
  const input = useRef<HTMLInputElement>(null);
  const resultsArea = useRef<HTMLDivElement>(null);

  const change = (value: string) => {
    setText(value);
    written.current.add(value);
    void navigate({ search: { q: value === "" ? undefined : value }, replace: true });
  };

  const firstResult = () =>
    resultsArea.current?.querySelector<HTMLAnchorElement>(`.${RESULT_LINK_CLASS}`) ?? null;
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      firstResult()?.focus();
    } else if (event.key === "Enter") {
      event.preventDefault();
      firstResult()?.click();
    }
  };

  const hasQuery = results !== null && results.words.length > 0;
  return (
    <section className="page search-page">
      <h1>Search</h1>
      <label className="visually-hidden" htmlFor="search-query">
        Search tasks, projects and comments
      </label>
      <input
        ref={input}
        id="search-query"
        className="input search-input"
        type="search"
        placeholder="Search tasks, projects and comments"
        autoComplete="off"
        // The one thing to do on this screen is to type.
        autoFocus
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onInputKeyDown}
      />
      <div ref={resultsArea} className="search-results" data-testid="search-results">
        {error && (
          <p className="field-error" role="alert">
            Search failed: {error}
          </p>
        )}
        {!hasQuery && text.trim() === "" && <p className="muted">Type to search…</p>}
        {hasQuery && (
          <p className="search-count" role="status">
            {results.total === 1 ? "1 result" : `${results.total} results`}
          </p>
        )}
        {hasQuery && server.unavailable && (
          <p className="muted" data-testid="search-offline-projects">
            {offlineNote(server.notLoaded, server.historiesByTask)}
          </p>
        )}
        {hasQuery && results.total === 0 && building && (
          <p className="muted">Building the search index…</p>
        )}
        {hasQuery && results.total === 0 && !building && (
          <EmptyState
            icon={<SearchX />}
            title={`No results for “${results.query.trim()}”`}
            action={
              <Button
                variant="primary"
                onClick={() => {
                  change("");
                  input.current?.focus();
                }}
              >
                Clear search
              </Button>
            }
          >
            Try fewer or other words: a task key such as WEB-12, part of a title, a project or a
            comment.
          </EmptyState>
        )}
        {hasQuery && (
          <SearchResults
            workspaceId={workspaceId}
            results={results}
            onLeaveTop={() => input.current?.focus()}
          />
        )}
      </div>
    </section>
  );
}

/** Forgets `value` and every write before it, if it is one of ours; false if it is not. */
function catchUp(written: Set<string>, value: string): boolean {
  if (!written.has(value)) return false;
  for (const earlier of written) {
    written.delete(earlier);
    if (earlier === value) break;
  }
  return true;
}

/** What an offline search cannot look through: projects, and comments, not opened here. */
function offlineNote(notLoaded: number, historiesByTask: boolean): string {
  const projects = notLoaded === 1 ? "1 project" : `${notLoaded} projects`;
  if (notLoaded === 0)
    return "Offline: comments of tasks not opened on this device are not searched.";
  if (!historiesByTask) {
    return `Offline: ${projects} not opened on this device ${notLoaded === 1 ? "is" : "are"} not searched.`;
  }
  return `Offline: ${projects} not opened on this device, and the comments of tasks not opened here, are not searched.`;
}
