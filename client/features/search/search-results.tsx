import { Link } from "@tanstack/react-router";
import { Fragment, useMemo, type KeyboardEvent, type ReactNode } from "react";
import type { SearchGroup, SearchHit, SearchResults as Results } from "./run-search.ts";
import type { SearchKind } from "./search-documents.ts";
import { highlightText, snippet } from "../../lib/search-text.ts";
import { useMarkdownWords } from "../../ui/markdown.tsx";

const groupNames: Record<SearchKind, string> = {
  task: "Tasks",
  project: "Projects",
  comment: "Comments",
};

/** The class every result link has: the arrow keys move between them. */
export const RESULT_LINK_CLASS = "search-result";

/** The results in groups, each result a link; the arrow keys move between the links. */
export function SearchResults({
  workspaceId,
  results,
  onLeaveTop,
}: {
  workspaceId: string;
  results: Results;
  /** Arrow up on the first result: back to the search field. */
  onLeaveTop: () => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = [...event.currentTarget.querySelectorAll<HTMLElement>(`.${RESULT_LINK_CLASS}`)];
    const at = links.findIndex((link) => link === document.activeElement);
    if (at === -1) return;
    event.preventDefault();
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    if (next < 0) onLeaveTop();
    else links[Math.min(next, links.length - 1)]?.focus();
  };

  return (
    <div className="search-groups" onKeyDown={onKeyDown}>
      {(["task", "project", "comment"] as const).map((kind) => (
        <ResultGroup
          key={kind}
          kind={kind}
          group={results.groups[kind]}
          render={(hit) => <ResultLink workspaceId={workspaceId} hit={hit} words={results.words} />}
        />
      ))}
    </div>
  );
}

function ResultGroup({
  kind,
  group,
  render,
}: {
  kind: SearchKind;
  group: SearchGroup;
  render: (hit: SearchHit) => ReactNode;
}) {
  if (group.total === 0) return null;
  const headingId = `search-group-${kind}`;
  return (
    <section className="search-group" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {groupNames[kind]} <span className="muted">{group.total}</span>
      </h2>
      <ul className="search-list" aria-labelledby={headingId}>
        {group.hits.map((hit) => (
          <li key={hit.document.id}>{render(hit)}</li>
        ))}
      </ul>
      {group.total > group.hits.length && (
        <p className="muted">
          Showing the best {group.hits.length} of {group.total}. Add words to narrow the search.
        </p>
      )}
    </section>
  );
}

function ResultLink({
  workspaceId,
  hit,
  words,
}: {
  workspaceId: string;
  hit: SearchHit;
  words: readonly string[];
}) {
  const { document, task } = hit;
  const wordsOf = useMarkdownWords();
  const text = useMemo(() => document.body && wordsOf(document.body), [wordsOf, document.body]);
  const body = text ? (
    <span className="search-result-body">
      <Highlighted text={snippet(text, words)} words={words} />
    </span>
  ) : null;

  if (document.kind === "project") {
    return (
      <Link
        className={RESULT_LINK_CLASS}
        to="/dashboard/workspace/$workspaceId/project/$projectId/board"
        params={{ workspaceId, projectId: document.projectId }}
      >
        <span className="search-result-heading">
          <span className="search-result-key">
            <Highlighted text={document.key} words={words} />
          </span>
          <span className="search-result-title">
            <Highlighted text={document.title} words={words} />
          </span>
        </span>
        {body}
      </Link>
    );
  }

  // A comment opens its task; its task's document knows the task's project today.
  const taskDocument = document.kind === "task" ? document : task;
  if (!taskDocument) return null;
  return (
    <Link
      className={RESULT_LINK_CLASS}
      to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
      params={{ workspaceId, projectId: taskDocument.projectId, taskId: taskDocument.taskId }}
    >
      <span className="search-result-heading">
        {document.kind === "comment" && <span className="muted">Comment on</span>}
        <span className="search-result-key">
          <Highlighted text={taskDocument.key} words={document.kind === "task" ? words : []} />
        </span>
        <span className="search-result-title">
          <Highlighted text={taskDocument.title} words={document.kind === "task" ? words : []} />
        </span>
      </span>
      {body}
    </Link>
  );
}

function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  return highlightText(text, words).map((part, index) => (
    <Fragment key={index}>{part.match ? <mark>{part.text}</mark> : part.text}</Fragment>
  ));
}
