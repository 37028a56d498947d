import { useEffect, useState } from "react";
import { useOnline } from "../../platform/browser/use-online.ts";
import { useHeldHistories } from "../../platform/sync/store-hooks.ts";
import type { SearchGroup, SearchHit, SearchResults } from "./run-search.ts";
import { documentId, type SearchDocument } from "./search-documents.ts";
import {
  fetchServerSearch,
  serverSearchUrl,
  useLoadedProjects,
} from "../../platform/sync/server-search.ts";

/** Typing settles for this long before the server is asked. */
const DEBOUNCE_MS = 200;

type ServerSearch = {
  /** Tasks of projects not in the store that match, as results of the local index look. */
  hits: SearchHit[];
  total: number;
  /** Comments of tasks whose history is not in the store, likewise. */
  commentHits: SearchHit[];
  commentTotal: number;
  /** Projects of the workspace whose tasks are not in the store (0: the index has them all). */
  notLoaded: number;
  /** Whether the store holds histories task by task (the other tasks' comments are not in it). */
  historiesByTask: boolean;
  /** The server could not be asked (offline) while the store does not hold everything. */
  unavailable: boolean;
};

type Answer = {
  for: string;
  hits: SearchHit[];
  total: number;
  commentHits: SearchHit[];
  commentTotal: number;
};

/**
 * Partial sync: the local index holds the tasks of the projects this browser opened, and the
 * comments of the tasks it opened; the server answers for the others
 * (server/search/search-routes.ts), asked with what the store holds left out so nothing comes
 * twice. Offline, the screen says what it cannot search.
 */
export function useServerSearch(workspaceId: string, query: string): ServerSearch {
  const online = useOnline();
  const { loaded, notLoaded } = useLoadedProjects(workspaceId);
  const histories = useHeldHistories();
  const partial = notLoaded > 0 || histories !== null;
  const url = serverSearchUrl(workspaceId, query, loaded, histories);
  const request = url !== null && partial && online ? url : null;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!request) return;
    let stopped = false;
    const timer = setTimeout(() => {
      fetchServerSearch(request)
        .then(({ total, tasks, comments }) => {
          if (stopped) return;
          const hits = tasks.map((task): SearchHit => {
            const document = serverDocument(workspaceId, {
              id: documentId("task", task.id),
              kind: "task",
              projectId: task.projectId,
              taskId: task.id,
              title: task.title,
              key: task.key,
              body: task.description,
              updatedAt: task.updatedAt,
            });
            return { document, task: document };
          });
          const commentHits = comments.hits.map((comment): SearchHit => ({
            document: serverDocument(workspaceId, {
              id: documentId("comment", comment.id),
              kind: "comment",
              projectId: "",
              taskId: comment.taskId,
              title: "",
              key: "",
              body: comment.body,
              updatedAt: comment.createdAt,
            }),
            task: serverDocument(workspaceId, {
              id: documentId("task", comment.taskId),
              kind: "task",
              projectId: comment.projectId,
              taskId: comment.taskId,
              title: comment.title,
              key: comment.key,
              body: "",
              updatedAt: comment.createdAt,
            }),
          }));
          setAnswer({
            for: request,
            hits,
            total,
            commentHits,
            commentTotal: comments.total,
          });
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
    commentHits: current?.commentHits ?? [],
    commentTotal: current?.commentTotal ?? 0,
    notLoaded,
    historiesByTask: histories !== null,
    unavailable: url !== null && partial && !online,
  };
}

/** A result the server found, shaped as the local index's documents (words are not needed). */
function serverDocument(
  workspaceId: string,
  fields: Omit<SearchDocument, "workspaceId" | "words" | "titleWords" | "stamp">,
): SearchDocument {
  return { ...fields, workspaceId, words: [], titleWords: [], stamp: "" };
}

/**
 * The local results with the server's tasks and comments after the local ones (a result never
 * twice).
 */
export function mergeResults(local: SearchResults, server: ServerSearch): SearchResults {
  if (server.hits.length === 0 && server.commentHits.length === 0) return local;
  const merged = (group: SearchGroup, hits: SearchHit[], total: number): SearchGroup => {
    const seen = new Set(group.hits.map((hit) => hit.document.id));
    const added = hits.filter((hit) => !seen.has(hit.document.id));
    return { hits: [...group.hits, ...added], total: group.total + total };
  };
  return {
    ...local,
    total: local.total + server.total + server.commentTotal,
    groups: {
      ...local.groups,
      task: merged(local.groups.task, server.hits, server.total),
      comment: merged(local.groups.comment, server.commentHits, server.commentTotal),
    },
  };
}
