/**
 * What the search index stores for each project, task and comment, built from the store's
 * entities. Words are stored as `{workspaceId}/{word}`: an IndexedDB multi-entry index cannot
 * be compound, and this way one prefix lookup is both the word match and the workspace filter.
 */
import type { Comment, Project, Task } from "../../../shared/entities.ts";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { textWords } from "../../lib/search-text.ts";

export type SearchKind = "task" | "project" | "comment";

export type SearchDocument = {
  /** `{kind}:{entity id}`, so a result's kind is known from its key alone. */
  id: string;
  kind: SearchKind;
  workspaceId: string;
  /** The project of a project or task; empty for a comment (its task's project can change). */
  projectId: string;
  /** The task of a task or comment; empty for a project. */
  taskId: string;
  /** A task's title, a project's name; empty for a comment. */
  title: string;
  /** `WEB-12` for a task, `WEB` for a project; empty for a comment. */
  key: string;
  /** A task's or project's description, a comment's text. */
  body: string;
  updatedAt: string;
  /** Every word of the document, scoped by workspace. */
  words: string[];
  /** The words of the title and key only, scoped likewise: they rank a result first. */
  titleWords: string[];
  /** `{id}:{hash of the content}`: on start-up only documents whose stamp changed are written. */
  stamp: string;
};

/**
 * A document before its words are found: cheap to make, so on start-up the whole store is
 * compared by stamp and only changed documents pay for their words.
 */
export type SearchDraft = Omit<SearchDocument, "words" | "titleWords">;

/** Bump when the way documents are built changes, so every stored document is rebuilt. */
const DOCUMENT_FORMAT = 1;

/** The index database's schema version (search-database.ts), part of every index digest. */
export const INDEX_SCHEMA_VERSION = 1;

export const documentId = (kind: SearchKind, entityId: string) => `${kind}:${entityId}`;

export const kindOf = (documentId: string): SearchKind | null => {
  const kind = documentId.slice(0, documentId.indexOf(":"));
  return kind === "task" || kind === "project" || kind === "comment" ? kind : null;
};

export const scopedWord = (workspaceId: string, word: string) => `${workspaceId}/${word}`;

export function projectDraft(project: Project): SearchDraft {
  return stamped({
    id: documentId("project", project.id),
    kind: "project",
    workspaceId: project.workspaceId,
    projectId: project.id,
    taskId: "",
    title: project.name,
    key: project.key,
    body: project.description,
    updatedAt: project.updatedAt,
  });
}

export function taskDraft(task: Task, projectKey: string): SearchDraft {
  return stamped({
    id: documentId("task", task.id),
    kind: "task",
    workspaceId: task.workspaceId,
    projectId: task.projectId,
    taskId: task.id,
    title: task.title,
    key: projectKey ? formatTaskKey(projectKey, task.number) : "",
    body: task.description,
    updatedAt: task.updatedAt,
  });
}

export function commentDraft(comment: Comment, workspaceId: string): SearchDraft {
  return stamped({
    id: documentId("comment", comment.id),
    kind: "comment",
    workspaceId,
    projectId: "",
    taskId: comment.taskId,
    title: "",
    key: "",
    body: comment.body,
    updatedAt: comment.updatedAt,
  });
}

function stamped(content: Omit<SearchDraft, "stamp">): SearchDraft {
  const hash = fnv1a(`${DOCUMENT_FORMAT}\u0000${JSON.stringify(content)}`);
  return { ...content, stamp: `${content.id}:${hash}` };
}

/** The document with its words, scoped by its workspace. */
export function searchDocument(draft: SearchDraft): SearchDocument {
  const scope = (word: string) => scopedWord(draft.workspaceId, word);
  return {
    ...draft,
    words: textWords(draft.title, draft.key, draft.body).map(scope),
    titleWords: textWords(draft.title, draft.key).map(scope),
  };
}

/**
 * What a whole index holds, from its documents' stamps in any order: two 32-bit hashes of the
 * sorted stamps (a reload compares it with the one kept when the index last caught up).
 */
export function indexDigest(stamps: readonly string[]): string {
  const text = [...stamps].sort().join("\n");
  return `${INDEX_SCHEMA_VERSION}:${stamps.length}:${fnv1a(text)}:${fnv1a(text, 0x6c62272e)}`;
}

/** A fast 32-bit string hash: enough to notice that a document's content changed. */
function fnv1a(text: string, offset = 0x811c9dc5): string {
  let hash = offset;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
