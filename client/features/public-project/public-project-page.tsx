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
import { OfflineNotice } from "../../platform/browser/offline-notice.tsx";
import {
  AssigneeMark,
  DueDateMark,
  LabelMarks,
  PriorityMark,
  StatusMark,
} from "../../task-parts/task-marks.tsx";
import { PUBLIC_PROJECT_ROUTE, useRouteTitle } from "../../lib/route-titles.ts";
import { priorityNames } from "../../lib/task-names.ts";
import { useToday } from "../../platform/browser/use-today.ts";
import "../../styles/public-project.css";
import { Markdown } from "../../ui/markdown.tsx";
import { Segmented } from "../../ui/segmented.tsx";
import { usePublicProject } from "./use-public-project.ts";
import { Button } from "../../ui/button.tsx";

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
  const today = useToday();
  const { project, statuses, tasks, labels } = data;
  const openTask = tasks.find((task) => task.id === openTaskId) ?? null;
  const byStatus = (status: PublicStatus) => tasks.filter((task) => task.status === status.id);
  const card = {
    projectKey: project.key,
    labels,
    statuses,
    today,
    onOpen: setOpenTaskId,
  };
  // The project's own workflow: the board's columns, and in the list its backlog before them.
  // What a signed-out visitor sees leaves canceled work (the backlog's archive) with the team.
  const listStatuses = statuses.filter((status) => status.category !== "canceled");
  const heading = (status: PublicStatus, className: string) => (
    <h2 className={className}>
      <StatusMark status={status} statuses={statuses} />
      {status.name} <span className="board-column-count">{byStatus(status).length}</span>
    </h2>
  );

  return (
    <div className="public-project">
      <header className="public-header">
        <div className="public-heading">
          <h1>
            {project.icon ? `${project.icon} ` : ""}
            {project.name}
          </h1>
          {project.description && (
            <div className="public-project-description">
              <Markdown text={project.description} />
            </div>
          )}
        </div>
        <Segmented
          label="View"
          options={[
            { value: "board", label: "Board" },
            { value: "list", label: "List" },
          ]}
          value={view}
          onChange={setView}
        />
      </header>
      {tasks.length === 0 && <p className="muted">This project has no tasks yet.</p>}
      {view === "board" ? (
        <div className="public-board">
          {boardStatuses(statuses).map((status) => (
            <section key={status.id} className="public-column" aria-label={status.name}>
              {heading(status, "public-column-title")}
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
              {heading(status, "list-group-heading")}
              <ul className="public-rows">
                {byStatus(status).map((task) => (
                  <TaskRow key={task.id} task={task} {...card} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <TaskDialog
        task={openTask}
        statuses={statuses}
        projectKey={project.key}
        labels={labels}
        today={today}
        onClose={() => setOpenTaskId(null)}
      />
    </div>
  );
}

type TaskCardProps = {
  task: PublicTask;
  projectKey: string;
  labels: readonly PublicLabel[];
  statuses: readonly PublicStatus[];
  today: string;
  onOpen: (id: string) => void;
};

const taskLabels = (task: PublicTask, labels: readonly PublicLabel[]) =>
  labels.filter((label) => task.labelIds.includes(label.id));

/**
 * A task's status, and whether it is done: done and canceled work looks done and is never
 * overdue, as on the board.
 */
function statusOf(task: PublicTask, statuses: readonly PublicStatus[]) {
  const status = statuses.find((candidate) => candidate.id === task.status);
  const done = status && isDoneCategory(status.category) ? status.category : undefined;
  return { status, done };
}

/**
 * A card as the team's board draws it: key, status and title, then priority, due date, labels
 * and the assignee's initials. The title is the button that opens the task; its hit area covers
 * the card.
 */
function TaskCard({ task, projectKey, labels, statuses, today, onOpen }: TaskCardProps) {
  const key = formatTaskKey(projectKey, task.number);
  const { status, done } = statusOf(task, statuses);
  return (
    <li className="task-card public-card" data-done={done}>
      <div className="task-card-top">
        <span className="task-key">{key}</span>
      </div>
      <div className="task-card-heading">
        <StatusMark status={status} statuses={statuses} />
        <button
          type="button"
          className="task-card-title public-open"
          aria-label={`${key} ${task.title}`}
          onClick={() => onOpen(task.id)}
        >
          {task.title}
        </button>
      </div>
      <div className="task-card-meta">
        <PriorityMark priority={task.priority} />
        {task.dueDate && <DueDateMark dueDate={task.dueDate} done={!!done} today={today} />}
        <LabelMarks labels={taskLabels(task, labels)} />
        {task.assigneeName && <AssigneeMark id={task.assigneeName} name={task.assigneeName} />}
      </div>
    </li>
  );
}

/** A row of the list, as the team's list draws it. */
function TaskRow({ task, projectKey, labels, statuses, today, onOpen }: TaskCardProps) {
  const key = formatTaskKey(projectKey, task.number);
  const { status, done } = statusOf(task, statuses);
  return (
    <li className="list-row public-row" data-done={done}>
      <span className="list-row-priority">
        <PriorityMark priority={task.priority} />
      </span>
      <span className="task-key">{key}</span>
      <StatusMark status={status} statuses={statuses} />
      <button
        type="button"
        className="list-row-title public-open"
        aria-label={`${key} ${task.title}`}
        onClick={() => onOpen(task.id)}
      >
        {task.title}
      </button>
      <LabelMarks labels={taskLabels(task, labels)} />
      {task.dueDate && <DueDateMark dueDate={task.dueDate} done={!!done} today={today} />}
      <span className="list-row-assignee">
        {task.assigneeName && <AssigneeMark id={task.assigneeName} name={task.assigneeName} />}
      </span>
    </li>
  );
}

type TaskDialogProps = {
  task: PublicTask | null;
  statuses: readonly PublicStatus[];
  projectKey: string;
  labels: readonly PublicLabel[];
  today: string;
  onClose: () => void;
};

/** The read-only task view; the native dialog handles focus and Escape. */
function TaskDialog({ task, statuses, projectKey, labels, today, onClose }: TaskDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (task && !element.open) element.showModal();
    if (!task && element.open) element.close();
  }, [task]);

  const { status, done } = task ? statusOf(task, statuses) : { status: undefined, done: undefined };
  const chosenLabels = task ? taskLabels(task, labels) : [];
  return (
    <dialog ref={dialog} className="dialog public-task" aria-label="Task" onClose={onClose}>
      {task && (
        <>
          <p className="task-key">{formatTaskKey(projectKey, task.number)}</p>
          <h2 className="public-task-title">{task.title}</h2>
          <dl className="public-properties">
            <dt>Status</dt>
            <dd>
              <StatusMark status={status} statuses={statuses} />
              {status?.name ?? ""}
            </dd>
            {/* The icons beside the names are for the eye: a screen reader hears each once. */}
            <dt>Priority</dt>
            <dd>
              <span className="public-mark" aria-hidden="true">
                <PriorityMark priority={task.priority} />
              </span>
              {priorityNames[task.priority]}
            </dd>
            <dt>Assignee</dt>
            <dd>
              {task.assigneeName && (
                <span className="public-mark" aria-hidden="true">
                  <AssigneeMark id={task.assigneeName} name={task.assigneeName} />
                </span>
              )}
              {task.assigneeName ?? "Unassigned"}
            </dd>
            <dt>Due date</dt>
            <dd>
              {task.dueDate ? (
                <DueDateMark dueDate={task.dueDate} done={done !== undefined} today={today} />
              ) : (
                "No due date"
              )}
            </dd>
            {chosenLabels.length > 0 && (
              <>
                <dt>Labels</dt>
                <dd>
                  <LabelMarks labels={chosenLabels} />
                </dd>
              </>
            )}
          </dl>
          <div className="public-description">
            <Markdown text={task.description} placeholder="No description." />
          </div>
          <div className="form-actions">
            <Button size="lg" onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
