import { rankDocuments } from "./rank-results.ts";
import type { SearchDatabase } from "./search-database.ts";
import {
  documentId,
  kindOf,
  scopedWord,
  type SearchDocument,
  type SearchKind,
} from "./search-documents.ts";
import { queryWords } from "../../lib/search-text.ts";

/** Each group shows its best results; the counts still tell how many matched in all. */
const RESULTS_PER_GROUP = 20;

export type SearchHit = {
  document: SearchDocument;
  /** A task's or comment's task document: its key, title and (current) project. */
  task: SearchDocument | null;
};

export type SearchGroup = { hits: SearchHit[]; total: number };

export type SearchResults = {
  query: string;
  /** The query's folded words, to highlight them in the results. */
  words: string[];
  total: number;
  groups: Record<SearchKind, SearchGroup>;
};

/**
 * Answers a query from the index alone. Every query word must begin some word of a result:
 * one prefix range of the multi-entry index per word gives the ids, and the ids are
 * intersected. Only ids are read for all matches; documents are read for the shown ones,
 * chosen first by how many query words begin a word of their title.
 */
export async function runSearch(
  database: SearchDatabase,
  workspaceId: string,
  query: string,
): Promise<SearchResults> {
  const words = queryWords(query);
  const results: SearchResults = {
    query,
    words,
    total: 0,
    groups: { task: emptyGroup(), project: emptyGroup(), comment: emptyGroup() },
  };
  if (words.length === 0) return results;

  const { documents } = database;
  const lookUp = (index: "words" | "titleWords", word: string) =>
    documents.where(index).startsWith(scopedWord(workspaceId, word)).primaryKeys();
  const [matches, titleMatches] = await Promise.all([
    Promise.all(words.map((word) => lookUp("words", word))),
    Promise.all(words.map((word) => lookUp("titleWords", word))),
  ]);
  const candidates = intersect(matches);
  if (candidates.size === 0) return results;

  const titleScore = new Map<string, number>();
  for (const ids of titleMatches) {
    for (const id of new Set(ids)) titleScore.set(id, (titleScore.get(id) ?? 0) + 1);
  }
  const idsByKind: Record<SearchKind, string[]> = { task: [], project: [], comment: [] };
  for (const id of candidates) {
    const kind = kindOf(id);
    if (kind) idsByKind[kind].push(id);
  }
  const shownIds = Object.values(idsByKind).flatMap((ids) =>
    ids
      .sort((a, b) => (titleScore.get(b) ?? 0) - (titleScore.get(a) ?? 0))
      .slice(0, RESULTS_PER_GROUP),
  );
  const shown = present(await documents.bulkGet(shownIds));
  // A comment shows and opens its task: read the tasks of the shown comments.
  const taskIds = [
    ...new Set(
      shown
        .filter((document) => document.kind === "comment")
        .map((document) => documentId("task", document.taskId)),
    ),
  ];
  const tasks = new Map(
    present(await documents.bulkGet(taskIds)).map((task) => [task.id, task] as const),
  );

  for (const kind of ["task", "project", "comment"] as const) {
    const hits = rankDocuments(
      shown.filter((document) => document.kind === kind),
      words,
    )
      .map((document) => ({
        document,
        task:
          document.kind === "task"
            ? document
            : (tasks.get(documentId("task", document.taskId)) ?? null),
      }))
      // A comment is opened through its task; one whose task is gone cannot be.
      .filter((hit) => hit.document.kind !== "comment" || hit.task !== null);
    results.groups[kind] = { hits, total: idsByKind[kind].length };
    results.total += idsByKind[kind].length;
  }
  return results;
}

function emptyGroup(): SearchGroup {
  return { hits: [], total: 0 };
}

/** The ids in every list, starting from the shortest list. */
function intersect(lists: string[][]): Set<string> {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  let result = new Set(shortest);
  for (const list of others) {
    const next = new Set(list);
    result = new Set([...result].filter((id) => next.has(id)));
    if (result.size === 0) break;
  }
  return result;
}

function present<T>(values: (T | undefined)[]): T[] {
  return values.filter((value): value is T => value !== undefined);
}
