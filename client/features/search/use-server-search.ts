import { useEffect, useState } from "react";
import { useOnline } from "../../lib/use-online.ts";
import type { SearchHit, SearchResults } from "./run-search.ts";
import { documentId, type SearchDocument } from "./search-documents.ts";
import { fetchServerSearch, serverSearchUrl, useLoadedProjects } from "./server-search.ts";

/** Typing settles for this long before the server is asked. */
const DEBOUNCE_MS = 200;

export type ServerSearch = {
  /** Tasks of projects not in the store that match, as results of the local index look. */
  hits: SearchHit[];
  total: number;
  /** Projects of the workspace whose tasks are not in the store (0: the index has them all). */
  notLoaded: number;
  /** The server could not be asked (offline) while some projects are not loaded. */
  unavailable: boolean;
};

/**
 * Partial sync: the local index holds the tasks of the projects this browser opened; the
 * server answers for the others (server/search/search-routes.ts), asked with the loaded
 * projects left out so nothing comes twice. Offline, the screen says what it cannot search.
 */
export function useServerSearch(workspaceId: string, query: string): ServerSearch {
  const online = useOnline();
  const { loaded, notLoaded } = useLoadedProjects(workspaceId);
  const url = serverSearchUrl(workspaceId, query, loaded);
  const request = url !== null && notLoaded > 0 && online ? url : null;
  const [answer, setAnswer] = useState<{ for: string; hits: SearchHit[]; total: number } | null>(
    null,
  );

  useEffect(() => {
    if (!request) return;
    let stopped = false;
    const timer = setTimeout(() => {
      fetchServerSearch(request)
        .then(({ total, tasks }) => {
          if (stopped) return;
          const hits = tasks.map((task): SearchHit => {
            const document: SearchDocument = {
              id: documentId("task", task.id),
              kind: "task",
              workspaceId,
              projectId: task.projectId,
              taskId: task.id,
              title: task.title,
              key: task.key,
              body: task.description,
              updatedAt: task.updatedAt,
              words: [],
              titleWords: [],
              stamp: "",
            };
            return { document, task: document };
          });
          setAnswer({ for: request, hits, total });
        })
        // A failed request leaves the local results alone; the next keystroke asks again.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [request, workspaceId]);

  const current = answer && answer.for === request ? answer : null;
  return {
    hits: current?.hits ?? [],
    total: current?.total ?? 0,
    notLoaded,
    unavailable: url !== null && notLoaded > 0 && !online,
  };
}

/** The local results with the server's tasks after the local ones (a task never twice). */
export function mergeResults(local: SearchResults, server: ServerSearch): SearchResults {
  if (server.hits.length === 0) return local;
  const group = local.groups.task;
  const seen = new Set(group.hits.map((hit) => hit.document.id));
  const added = server.hits.filter((hit) => !seen.has(hit.document.id));
  return {
    ...local,
    total: local.total + server.total,
    groups: {
      ...local.groups,
      task: { hits: [...group.hits, ...added], total: group.total + server.total },
    },
  };
}
