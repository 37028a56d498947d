import { createLazyRoute } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type {
  PublicLabel,
  PublicProject,
  PublicStatus,
  PublicTask,
} from "../../../shared/public-project.ts";
import { boardStatuses, isDoneCategory } from "../../../shared/statuses.ts";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { OfflineNotice } from "../../components/offline-notice.tsx";
import { isOverdue } from "../../lib/due-date.ts";
import { PUBLIC_PROJECT_ROUTE, useRouteTitle } from "../../lib/route-titles.ts";
import { priorityNames } from "../../lib/task-names.ts";
import "../../styles/public-project.css";
import { Markdown } from "../../ui/markdown.tsx";
import { StatusIcon } from "../../ui/status-icon.tsx";
import { usePublicProject } from "./use-public-project.ts";

export const Route = createLazyRoute("/public-project/$projectId")({
  component: PublicProjectPage,
});

const isPublicProjectRoute = (routeId: string) => routeId === PUBLIC_PROJECT_ROUTE;

function PublicProjectPage() {
  const { projectId } = Route.useParams();
  const state = usePublicProject(projectId);
  // `Website Redesign · Public`; "Public project" until it has loaded, or when it is not shown.
  useRouteTitle(
    { project: state.kind === "ready" ? state.data.project.name : undefined },
    isPublicProjectRoute,
  );

  const notice = <OfflineNotice need="This page needs a network connection to show the project." />;
  if (state.kind === "loading") return notice;
  if (state.kind !== "ready") {
    return (
      <section className="public-message">
        {notice}
        <h1>{state.kind === "not-found" ? "Project not found" : "Could not load the project"}</h1>
        <p className="muted">
          {state.kind === "not-found"
            ? "This project is private or does not exist."
            : "The server could not be reached. The page will try again when you reload it."}
        </p>
      </section>
    );
  }
  return (
    <>
      {notice}
      <PublicView data={state.data} />
    </>
  );
}

function PublicView({ data }: { data: PublicProject }) {
  const [view, setView] = useState<"board" | "list">("board");
  const [openTaskId, setOpenTaskId] = useState<string | null>(null);
  const { project, statuses, tasks, labels } = data;
  const openTask = tasks.find((task) => task.id === openTaskId) ?? null;
  const byStatus = (status: PublicStatus) => tasks.filter((task) => task.status === status.id);
  // Work in a completed or canceled status is done: never shown as overdue.
  const doneIds = new Set(
    statuses.filter((status) => isDoneCategory(status.category)).map((status) => status.id),
  );
  const card = { projectKey: project.key, labels, doneIds, onOpen: setOpenTaskId };
  // The project's own workflow: the board's columns, and in the list its backlog before them.
  // What a signed-out visitor sees leaves canceled work (the backlog's archive) with the team.
  const listStatuses = statuses.filter((status) => status.category !== "canceled");
  const heading = (status: PublicStatus) => (
    <h2 className="public-column-title">
      <StatusIcon category={status.category} color={status.color} icon={status.icon} />
      {status.name} <span className="muted">{byStatus(status).length}</span>
    </h2>
  );

  return (
    <div className="public-project">
      <header className="public-header">
        <h1>
          {project.icon ? `${project.icon} ` : ""}
          {project.name}
        </h1>
        {project.description && (
          <div className="public-project-description">
            <Markdown text={project.description} />
          </div>
        )}
        <div className="public-view-toggle" role="group" aria-label="View">
          {(["board", "list"] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className={view === mode ? "button button-primary" : "button"}
              aria-pressed={view === mode}
              onClick={() => setView(mode)}
            >
              {mode === "board" ? "Board" : "List"}
            </button>
          ))}
        </div>
      </header>
      {tasks.length === 0 && <p className="muted">This project has no tasks yet.</p>}
      {view === "board" ? (
        <div className="public-board">
          {boardStatuses(statuses).map((status) => (
            <section key={status.id} className="public-column" aria-label={status.name}>
              {heading(status)}
              <ul className="public-cards">
                {byStatus(status).map((task) => (
                  <TaskCard key={task.id} task={task} {...card} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <div className="public-list">
          {listStatuses.map((status) => (
            <section key={status.id} aria-label={status.name}>
              {heading(status)}
              <ul className="public-rows">
                {byStatus(status).map((task) => (
                  <TaskCard key={task.id} task={task} {...card} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <TaskDialog
        task={openTask}
        statuses={statuses}
        doneIds={doneIds}
        projectKey={project.key}
        labels={labels}
        onClose={() => setOpenTaskId(null)}
      />
    </div>
  );
}

type TaskCardProps = {
  task: PublicTask;
  projectKey: string;
  labels: readonly PublicLabel[];
  doneIds: ReadonlySet<string>;
  onOpen: (id: string) => void;
};

function TaskCard({ task, projectKey, labels, doneIds, onOpen }: TaskCardProps) {
  return (
    <li className="public-card">
      <button type="button" className="public-card-button" onClick={() => onOpen(task.id)}>
        <span className="public-key">{formatTaskKey(projectKey, task.number)}</span>
        <span className="public-title">{task.title}</span>
        <TaskChips task={task} labels={labels} done={doneIds.has(task.status)} />
      </button>
    </li>
  );
}

type TaskChipsProps = { task: PublicTask; labels: readonly PublicLabel[]; done: boolean };

function TaskChips({ task, labels, done }: TaskChipsProps) {
  return (
    <span className="public-chips">
      {labels
        .filter((label) => task.labelIds.includes(label.id))
        .map((label) => (
          <span key={label.id} className="chip chip-label" data-color={label.color}>
            {label.name}
          </span>
        ))}
      {task.priority !== "no-priority" && (
        <span className={`chip chip-priority-${task.priority}`}>
          {priorityNames[task.priority]}
        </span>
      )}
      {task.dueDate && (
        <span className={!done && isOverdue(task.dueDate) ? "chip chip-overdue" : "chip"}>
          {task.dueDate}
        </span>
      )}
      {task.assigneeName && <span className="chip">{task.assigneeName}</span>}
    </span>
  );
}

type TaskDialogProps = {
  task: PublicTask | null;
  statuses: readonly PublicStatus[];
  doneIds: ReadonlySet<string>;
  projectKey: string;
  labels: readonly PublicLabel[];
  onClose: () => void;
};

/** The read-only task view; the native dialog handles focus and Escape. */
function TaskDialog({ task, statuses, doneIds, projectKey, labels, onClose }: TaskDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (task && !element.open) element.showModal();
    if (!task && element.open) element.close();
  }, [task]);

  return (
    <dialog ref={dialog} className="dialog public-task" aria-label="Task" onClose={onClose}>
      {task && (
        <>
          <p className="public-key">{formatTaskKey(projectKey, task.number)}</p>
          <h2>{task.title}</h2>
          <dl className="public-properties">
            <dt>Status</dt>
            <dd>{statuses.find((status) => status.id === task.status)?.name ?? ""}</dd>
            <dt>Priority</dt>
            <dd>{priorityNames[task.priority]}</dd>
            <dt>Assignee</dt>
            <dd>{task.assigneeName ?? "Unassigned"}</dd>
            <dt>Due</dt>
            <dd>{task.dueDate ?? "No due date"}</dd>
          </dl>
          <TaskChips task={task} labels={labels} done={doneIds.has(task.status)} />
          <div className="public-description">
            <Markdown text={task.description} placeholder="No description." />
          </div>
          <div className="form-actions">
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
