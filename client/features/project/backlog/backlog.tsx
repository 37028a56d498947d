import { createLazyRoute, Link } from "@tanstack/react-router";
import { Inbox, Plus } from "lucide-react";
import { nanoid } from "nanoid";
import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import type { Project, Task, TaskStatus } from "../../../../shared/entities.ts";
import { roleAllows } from "../../../../shared/permissions.ts";
import { backlogStatuses, type WorkflowStatus } from "../../../../shared/statuses.ts";
import { formatTaskKey } from "../../../../shared/task-key.ts";
import { ProjectNotHere } from "../../../ui/not-here.tsx";
import { ScreenSkeleton } from "../../../ui/screen-skeletons.tsx";
import { ProjectHeader } from "../project-header.tsx";
import { positionAfter } from "../../../../shared/task-position.ts";
import { showError } from "../../../lib/api-errors.ts";
import { useReportPresence } from "../../../platform/presence/presence-reporter.ts";
import { useSession } from "../../../platform/session/session-store.ts";
import { usePreferences } from "../../../platform/preferences/use-preferences.ts";
import { useProjectStatuses } from "../../../platform/statuses.ts";
import { useRep } from "../../../platform/sync/replicache-provider.tsx";
import {
  useLabels,
  useMembers,
  useProject,
  useProjectColumns,
  useProjectTasks,
  useWorkspace,
} from "../../../platform/sync/store-hooks.ts";
import { columnOf } from "../../../platform/sync/task-store.ts";
import { useAbsence } from "../../../platform/sync/use-absence.ts";
import { Button } from "../../../ui/button.tsx";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { StatusIcon } from "../../../ui/status-icon.tsx";
import { useCardContext, type CardContext } from "../cards/card-context.ts";
import {
  isDone,
  TaskAssignee,
  TaskDueDate,
  TaskKey,
  TaskLabels,
  TaskPriorityBadge,
  TaskStatusIcon,
} from "../cards/task-meta.tsx";
import { useToday } from "../../../platform/browser/use-today.ts";
import "../../../styles/backlog.css";
import { BulkActionBar, type BulkPermissions } from "../cards/bulk-action-bar.tsx";
import { moveTasks } from "../../../platform/sync/bulk-edit.ts";
import { useTaskSelection } from "./use-task-selection.ts";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/backlog",
)({ component: Backlog });

function Backlog() {
  const { workspaceId, projectId } = Route.useParams();
  const workspace = useWorkspace(workspaceId);
  const project = useProject(workspaceId, projectId);
  const absence = useAbsence(project === null);

  if (project === undefined) return <ScreenSkeleton shape="list" label="Loading the project…" />;
  if (project === null) {
    return (
      <ProjectNotHere
        state={absence}
        workspaceId={workspaceId}
        workspace={workspace}
        shape="list"
      />
    );
  }
  return <ProjectBacklog project={project} role={workspace?.role ?? ""} />;
}

/**
 * Where work waits before it reaches the board: a group per status of the project's backlog
 * category (Planned), then per canceled status (Archived), in the workflow's order.
 */
function ProjectBacklog({ project, role }: { project: Project; role: string }) {
  const { workspaceId, id: projectId } = project;
  const rep = useRep();
  useReportPresence({ workspaceId, projectId });
  const members = useMembers(workspaceId);
  const labels = useLabels(workspaceId);
  const projectTasks = useProjectTasks(projectId);
  const columns = useProjectColumns(projectId);
  const statuses = useProjectStatuses(projectId);

  const groups = useMemo(
    () =>
      backlogStatuses(statuses).map((status) => ({
        status,
        tasks: columnOf(columns, status.id),
      })),
    [statuses, columns],
  );
  const listed = useMemo(() => groups.flatMap((group) => group.tasks), [groups]);
  const orderedIds = useMemo(() => listed.map((task) => task.id), [listed]);
  const selection = useTaskSelection(orderedIds);
  const selectedTasks = useMemo(
    () => listed.filter((task) => selection.selected.has(task.id)),
    [listed, selection.selected],
  );
  const targets = moveTargets(statuses);
  const planning = groups.find((group) => group.status.category === "backlog");

  const can: BulkPermissions = {
    create: roleAllows(role, { task: ["create"] }),
    update: roleAllows(role, { task: ["update"] }),
    assign: roleAllows(role, { task: ["assign"] }),
    delete: roleAllows(role, { task: ["delete"] }),
  };
  const move = (task: Task, status: TaskStatus) =>
    void moveTasks(rep, [task], status, projectTasks).catch(showError);
  const preferences = usePreferences();
  // A row shows a task's facts as the board's list does (task-meta.tsx), all of them: the
  // backlog has no Display menu, so the board's choices of what to hide do not apply here.
  const shown = useMemo(() => ({ ...preferences, ...showEverything }), [preferences]);
  const today = useToday();
  const userId = useSession()?.user.id ?? "";
  const card = useCardContext(project, members, labels, statuses, shown, today, {
    role,
    userId,
  });
  const rowContext: RowContext = {
    projectKey: project.key,
    card,
    canUpdate: can.update,
    selected: selection.selected,
    onSelect: selection.click,
    onMove: move,
    targets,
  };

  return (
    <section className="page backlog">
      <ProjectHeader project={project} view="backlog" />
      {can.create && planning && (
        <NewPlannedTask
          projectId={projectId}
          status={planning.status.id}
          planned={planning.tasks}
        />
      )}
      <div className="backlog-toolbar">
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={selection.allSelected}
            disabled={orderedIds.length === 0}
            onChange={selection.toggleAll}
          />
          Select all
        </label>
        {selectedTasks.length > 0 && (
          <BulkActionBar
            selected={selectedTasks}
            projectTasks={projectTasks}
            members={members}
            labels={labels}
            can={can}
            onClear={selection.clear}
          />
        )}
      </div>
      {groups.length === 0 && (
        <p className="muted backlog-empty">
          This project’s workflow has no backlog or canceled statuses: all its work is on the board.
        </p>
      )}
      {groups.map(({ status, tasks }) => (
        <TaskGroup
          key={status.id}
          status={status}
          tasks={tasks}
          empty={
            status === planning?.status ? (
              <EmptyState
                icon={<Inbox />}
                className="backlog-empty-state"
                action={
                  can.create && (
                    <Button
                      variant="primary"
                      icon={<Plus />}
                      onClick={() => document.getElementById(newPlannedTaskId)?.focus()}
                    >
                      Plan a task
                    </Button>
                  )
                }
              >
                Nothing planned. Add a task above, or move one here from the board.
              </EmptyState>
            ) : status.category === "canceled" ? (
              `No ${status.name.toLowerCase()} tasks. Archive a planned task to keep it out of the way.`
            ) : (
              `No tasks in ${status.name}.`
            )
          }
          context={rowContext}
        />
      ))}
    </section>
  );
}

const showEverything = {
  showTaskNumbers: true,
  showPriority: true,
  showLabels: true,
  showDueDates: true,
  showAssignees: true,
} as const;

/** Where a backlog row's buttons send its task, from the workflow (absent: no such button). */
type MoveTargets = { board?: TaskStatus; archive?: TaskStatus; restore?: TaskStatus };

function moveTargets(statuses: readonly WorkflowStatus[]): MoveTargets {
  const first = (category: WorkflowStatus["category"]) =>
    statuses.find((status) => status.category === category)?.id;
  return {
    board: first("unstarted") ?? first("started"),
    archive: first("canceled"),
    restore: first("backlog") ?? first("unstarted"),
  };
}

const newPlannedTaskId = "backlog-new-task-title";

type NewPlannedTaskProps = { projectId: string; status: TaskStatus; planned: readonly Task[] };

/** A new task in the project's first backlog status. */
function NewPlannedTask({ projectId, status, planned }: NewPlannedTaskProps) {
  const rep = useRep();
  const [title, setTitle] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    setTitle("");
    void rep.mutate
      .createTask({
        id: nanoid(),
        projectId,
        title: trimmed,
        status,
        position: positionAfter(planned.map((task) => task.position)),
        createdAt: new Date().toISOString(),
      })
      .catch(showError);
  };

  return (
    <form className="backlog-new" onSubmit={submit} aria-label="New task">
      <input
        id={newPlannedTaskId}
        className="input"
        aria-label="New task title"
        placeholder="New planned task… (Enter to add)"
        maxLength={500}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Button type="submit" variant="primary" size="lg" disabled={!title.trim()}>
        Add task
      </Button>
    </form>
  );
}

type RowContext = {
  projectKey: string;
  card: CardContext;
  canUpdate: boolean;
  selected: ReadonlySet<string>;
  onSelect: (id: string, withShift: boolean) => void;
  onMove: (task: Task, status: TaskStatus) => void;
  targets: MoveTargets;
};

type TaskGroupProps = {
  status: WorkflowStatus;
  tasks: readonly Task[];
  empty: ReactNode;
  context: RowContext;
};

function TaskGroup({ status, tasks, empty, context }: TaskGroupProps) {
  return (
    <section className="backlog-group" aria-label={status.name}>
      <h2 className="backlog-group-title">
        <StatusIcon category={status.category} color={status.color} icon={status.icon} />
        {status.name} <span className="muted">{tasks.length}</span>
      </h2>
      {tasks.length === 0 ? (
        typeof empty === "string" ? (
          <p className="muted backlog-empty">{empty}</p>
        ) : (
          empty
        )
      ) : (
        <ul className="backlog-list">
          {tasks.map((task) => (
            <BacklogRow
              key={task.id}
              task={task}
              canceled={status.category === "canceled"}
              context={context}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type BacklogRowProps = { task: Task; canceled: boolean; context: RowContext };

function BacklogRow({ task, canceled, context }: BacklogRowProps) {
  const { board, archive, restore } = context.targets;
  const { card } = context;
  const key = formatTaskKey(context.projectKey, task.number);
  const selected = context.selected.has(task.id);

  // As a list row (list-view.tsx): priority and assignee keep their places when empty.
  return (
    <li
      className={selected ? "backlog-row backlog-row-selected" : "backlog-row"}
      data-done={isDone(task, card)}
    >
      <input
        type="checkbox"
        aria-label={`Select ${key}`}
        checked={selected}
        // onClick, not onChange: only the mouse event says whether shift was held.
        onClick={(event) => context.onSelect(task.id, event.shiftKey)}
        readOnly
      />
      {card.preferences.showPriority && (
        <span className="list-row-priority">
          <TaskPriorityBadge task={task} context={card} />
        </span>
      )}
      <TaskKey task={task} context={card} />
      <TaskStatusIcon task={task} context={card} />
      <Link
        to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
        params={{ workspaceId: card.workspaceId, projectId: task.projectId, taskId: task.id }}
        className="backlog-title"
      >
        {task.title}
      </Link>
      <TaskLabels task={task} context={card} />
      <TaskDueDate task={task} context={card} />
      {card.preferences.showAssignees && (
        <span className="list-row-assignee">
          <TaskAssignee task={task} context={card} />
        </span>
      )}
      {context.canUpdate && (
        <span className="backlog-row-actions">
          {!canceled && board && (
            <Button
              variant="ghost"
              size="lg"
              aria-label={`Move ${key} to the board`}
              onClick={() => context.onMove(task, board)}
            >
              To board
            </Button>
          )}
          {!canceled && archive && (
            <Button
              variant="ghost"
              size="lg"
              aria-label={`Archive ${key}`}
              onClick={() => context.onMove(task, archive)}
            >
              Archive
            </Button>
          )}
          {canceled && restore && (
            <Button
              variant="ghost"
              size="lg"
              aria-label={`Restore ${key}`}
              onClick={() => context.onMove(task, restore)}
            >
              Restore
            </Button>
          )}
        </span>
      )}
    </li>
  );
}
