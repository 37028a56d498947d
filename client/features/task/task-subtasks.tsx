import { Link } from "@tanstack/react-router";
import { nanoid } from "nanoid";
import { Plus } from "lucide-react";
import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { Member, Project, Task } from "../../../shared/entities.ts";
import { isDoneCategory } from "../../../shared/statuses.ts";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { positionAfter } from "../../../shared/task-position.ts";
import { showError } from "../../lib/api-errors.ts";
import { useProjectStatuses } from "../../platform/statuses.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { useSubtasks } from "../../platform/sync/store-hooks.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { Button } from "../../ui/button.tsx";
import { StatusIcon, startedProgress } from "../../ui/status-icon.tsx";

type TaskSubtasksProps = {
  task: Task;
  project: Project;
  membersById: ReadonlyMap<string, Member>;
  canCreate: boolean;
};

/**
 * A parent's sub-tasks, each with its status, key, title and assignee, and a field to add one
 * (type a title, Enter; the field stays for the next). Not shown on a sub-task: one level.
 */
export function TaskSubtasks({ task, project, membersById, canCreate }: TaskSubtasksProps) {
  const subtasks = useSubtasks(task.projectId, task.id);
  const statuses = useProjectStatuses(task.projectId);
  const statusesById = useMemo(() => new Map(statuses.map((s) => [s.id, s])), [statuses]);
  const started = statuses.filter((status) => status.category === "started");
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);

  if (task.parentId !== null || (subtasks.length === 0 && !canCreate)) return null;
  const done = subtasks.filter((subtask) => {
    const category = statusesById.get(subtask.status)?.category;
    return category !== undefined && isDoneCategory(category);
  }).length;

  return (
    <section className="task-links" aria-labelledby="task-subtasks-heading">
      <div className="task-links-header">
        <h2 id="task-subtasks-heading">Sub-tasks</h2>
        {subtasks.length > 0 && (
          <span className="task-links-count">
            <span aria-hidden="true">
              {done}/{subtasks.length}
            </span>
            <span className="visually-hidden">
              {done} of {subtasks.length} done
            </span>
          </span>
        )}
        {canCreate && !adding && (
          <Button
            ref={addButton}
            variant="ghost"
            size="sm"
            icon={<Plus aria-hidden />}
            className="task-links-add"
            onClick={() => setAdding(true)}
          >
            Add sub-task
          </Button>
        )}
      </div>
      {subtasks.length > 0 && (
        <ul className="task-link-list" aria-label="Sub-tasks">
          {subtasks.map((subtask) => {
            const status = statusesById.get(subtask.status);
            const assignee = subtask.assigneeId ? membersById.get(subtask.assigneeId) : undefined;
            return (
              <li key={subtask.id} className="task-link-row">
                {status && (
                  <StatusIcon
                    category={status.category}
                    color={status.color}
                    progress={startedProgress(started.indexOf(status), started.length)}
                    label={status.name}
                  />
                )}
                <span className="task-link-key">{formatTaskKey(project.key, subtask.number)}</span>
                <Link
                  className="task-link-title"
                  to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
                  params={{
                    workspaceId: project.workspaceId,
                    projectId: project.id,
                    taskId: subtask.id,
                  }}
                >
                  {subtask.title}
                </Link>
                {subtask.assigneeId && (
                  <span
                    className="task-link-assignee"
                    role="img"
                    aria-label={`Assigned to ${assignee?.name || assignee?.email || "a former member"}`}
                  >
                    <Avatar
                      id={subtask.assigneeId}
                      name={assignee?.name || assignee?.email || "A former member"}
                      image={assignee?.image}
                      size="xs"
                      decorative
                    />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {adding && (
        <NewSubtask
          parent={task}
          firstStatus={statuses.find((status) => status.category === "unstarted")?.id}
          onClose={() => {
            setAdding(false);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
        />
      )}
    </section>
  );
}

type NewSubtaskProps = {
  parent: Task;
  /** The project's first "not started" status, where a new sub-task begins. */
  firstStatus: Task["status"] | undefined;
  onClose: () => void;
};

/**
 * The field a sub-task is typed into: Enter adds it and empties the field for the next; Esc or
 * Done leaves. Leaving the field does not close it: the sections below would jump up under the
 * pointer that is on its way to them.
 */
function NewSubtask({ parent, firstStatus, onClose }: NewSubtaskProps) {
  const { rep, tasks } = useSync();
  const [title, setTitle] = useState("");

  const add = () => {
    const text = title.trim();
    if (!text) return;
    const status = firstStatus ?? "to-do";
    const column = tasks.projectColumns(parent.projectId).get(status) ?? [];
    rep.mutate
      .createTask({
        id: nanoid(),
        projectId: parent.projectId,
        title: text,
        status,
        position: positionAfter(column.map((task: Task) => task.position)),
        parentId: parent.id,
        createdAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The sub-task could not be created"));
    setTitle("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      add();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div className="task-link-new">
      <Plus aria-hidden />
      <input
        className="task-link-new-input"
        aria-label="Sub-task title"
        placeholder="Sub-task title, then Enter"
        maxLength={500}
        // The person asked for the field: it takes the focus.
        autoFocus
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button variant="ghost" size="sm" onClick={onClose}>
        Done
      </Button>
    </div>
  );
}
