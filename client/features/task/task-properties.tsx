import { useId, useRef, useState, type ReactNode } from "react";
import {
  taskPriorities,
  taskPrioritySchema,
  taskStatuses,
  taskStatusSchema,
  type Label,
  type Member,
  type Task,
} from "../../../shared/entities.ts";
import type { MutatorArgs } from "../../../shared/mutator-args.ts";
import { positionAfter } from "../../../shared/task-position.ts";
import { showError } from "../../lib/api-errors.ts";
import { priorityNames, statusNames } from "../../lib/task-names.ts";
import { useShortcuts } from "../../platform/shortcuts/use-shortcuts.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { relativeTime, type NameOf } from "./activity-text.ts";
import { LabelPicker } from "./label-picker.tsx";

type TaskPropertiesProps = {
  task: Task;
  members: readonly Member[];
  labels: readonly Label[];
  nameOf: NameOf;
  canEdit: boolean;
  canAssign: boolean;
  canCreateLabel: boolean;
};

type TaskChanges = Omit<MutatorArgs["updateTask"], "id" | "projectId" | "updatedAt">;

/** Status, priority, assignee, due date and labels, each saved the moment it changes. */
export function TaskProperties(props: TaskPropertiesProps) {
  const { task, members, labels, nameOf, canEdit, canAssign, canCreateLabel } = props;
  // The columns are read when a status is chosen, not subscribed to: another task's change
  // does not repaint this page.
  const { rep, tasks } = useSync();

  const update = (changes: TaskChanges) =>
    void rep.mutate
      .updateTask({
        id: task.id,
        projectId: task.projectId,
        ...changes,
        updatedAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The task could not be saved"));

  // A new status puts the task at the end of that column, as dropping it there would.
  const move = (value: string) => {
    const status = taskStatusSchema.parse(value);
    if (status === task.status) return;
    const position = positionAfter(
      tasks.projectColumns(task.projectId)[status].map((other) => other.position),
    );
    void rep.mutate
      .moveTask({
        id: task.id,
        projectId: task.projectId,
        status,
        position,
        updatedAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The task could not be moved"));
  };

  const status = useRef<HTMLSelectElement>(null);
  const priority = useRef<HTMLSelectElement>(null);
  const assignee = useRef<HTMLSelectElement>(null);
  const dueDate = useRef<HTMLInputElement>(null);
  const [labelsOpen, setLabelsOpen] = useState(false);
  useShortcuts({
    taskStatus: () => openControl(status.current),
    taskPriority: () => openControl(priority.current),
    taskAssignee: () => openControl(assignee.current),
    taskDueDate: () => openControl(dueDate.current),
    taskLabels: () => {
      if (!canEdit) return false;
      setLabelsOpen(true);
    },
  });

  const assigneeMissing =
    task.assigneeId !== null && !members.some((member) => member.id === task.assigneeId);

  return (
    <dl className="task-properties" aria-label="Properties">
      <Property label="Status">
        {(id) => (
          <select
            ref={status}
            id={id}
            className="input"
            disabled={!canEdit}
            value={task.status}
            onChange={(event) => move(event.target.value)}
          >
            {taskStatuses.map((status) => (
              <option key={status} value={status}>
                {statusNames[status]}
              </option>
            ))}
          </select>
        )}
      </Property>
      <Property label="Priority">
        {(id) => (
          <select
            ref={priority}
            id={id}
            className="input"
            disabled={!canEdit}
            value={task.priority}
            onChange={(event) => update({ priority: taskPrioritySchema.parse(event.target.value) })}
          >
            {taskPriorities.map((priority) => (
              <option key={priority} value={priority}>
                {priorityNames[priority]}
              </option>
            ))}
          </select>
        )}
      </Property>
      <Property label="Assignee">
        {(id) => (
          <>
            <select
              ref={assignee}
              id={id}
              className="input"
              disabled={!canEdit || !canAssign}
              value={task.assigneeId ?? ""}
              onChange={(event) => update({ assigneeId: event.target.value || null })}
            >
              <option value="">Unassigned</option>
              {assigneeMissing && task.assigneeId && (
                <option value={task.assigneeId}>{nameOf(task.assigneeId)}</option>
              )}
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name || member.email}
                </option>
              ))}
            </select>
            {canEdit && !canAssign && (
              <p className="field-hint">Only owners and admins assign tasks.</p>
            )}
          </>
        )}
      </Property>
      <Property label="Due date">
        {(id) => (
          <div className="due-date-field">
            <input
              ref={dueDate}
              id={id}
              type="date"
              className="input"
              disabled={!canEdit}
              value={task.dueDate ?? ""}
              onChange={(event) => update({ dueDate: event.target.value || null })}
            />
            {canEdit && task.dueDate && (
              <button
                type="button"
                className="button button-quiet"
                onClick={() => update({ dueDate: null })}
              >
                Clear
              </button>
            )}
          </div>
        )}
      </Property>
      <div className="task-property">
        <dt>Labels</dt>
        <dd>
          <LabelPicker
            task={task}
            labels={labels}
            canEdit={canEdit}
            canCreate={canCreateLabel}
            open={labelsOpen}
            onOpenChange={setLabelsOpen}
          />
        </dd>
      </div>
      <div className="task-property">
        <dt>Created</dt>
        <dd>
          {task.createdBy ? nameOf(task.createdBy) : "Someone"},{" "}
          <time dateTime={task.createdAt} title={new Date(task.createdAt).toLocaleString()}>
            {relativeTime(task.createdAt)}
          </time>
        </dd>
      </div>
    </dl>
  );
}

/**
 * A property's control, reached from the keyboard: focused, and its list or calendar opened
 * where the browser allows it (a key press counts as the gesture `showPicker` needs).
 */
function openControl(control: HTMLSelectElement | HTMLInputElement | null): boolean | void {
  if (!control || control.disabled) return false;
  control.focus();
  try {
    control.showPicker();
  } catch {
    // Not supported for this control in this browser: the focus is enough to change it.
  }
}

function Property({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="task-property">
      <dt>
        <label htmlFor={id}>{label}</label>
      </dt>
      <dd>{children(id)}</dd>
    </div>
  );
}
