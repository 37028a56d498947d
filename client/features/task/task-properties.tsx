import { useState, type ReactNode } from "react";
import type { Label, Member, Project, Task } from "../../../shared/entities.ts";
import { showError } from "../../lib/api-errors.ts";
import { positionAtEnd } from "../../../shared/task-position.ts";
import { useShortcuts } from "../../platform/shortcuts/use-shortcuts.ts";
import { useProjectStatuses } from "../../platform/statuses.ts";
import { createLabel } from "../../platform/sync/create-label.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { columnOf } from "../../platform/sync/task-store.ts";
import { useSubtasks } from "../../platform/sync/store-hooks.ts";
import { AssigneePicker, memberOptions } from "../../ui/pickers/assignee-picker.tsx";
import { DueDatePicker } from "../../ui/pickers/due-date-picker.tsx";
import { LabelsPicker } from "../../ui/pickers/labels-picker.tsx";
import { PriorityPicker } from "../../ui/pickers/priority-picker.tsx";
import { StatusPicker } from "../../ui/pickers/status-picker.tsx";
import { relativeTime } from "../../lib/relative-time.ts";
import type { NameOf } from "../../lib/activity-text.ts";
import { TaskParent } from "./task-parent.tsx";
import type { MutatorArgs } from "../../../shared/mutators/mutators.ts";

type TaskPropertiesProps = {
  task: Task;
  project: Project;
  members: readonly Member[];
  labels: readonly Label[];
  nameOf: NameOf;
  /** The signed-in person, for "Assign to me". */
  userId: string;
  canEdit: boolean;
  canAssign: boolean;
  canCreateLabel: boolean;
};

type TaskChanges = Omit<MutatorArgs["updateTask"], "id" | "projectId" | "updatedAt">;

type PickerName = "status" | "priority" | "assignee" | "labels" | "due";

/**
 * Status, priority, assignee, labels and due date as pickers, each saved the moment it changes
 * (optimistic: the store shows the change before the server has it). `s p a l d` open them.
 */
export function TaskProperties(props: TaskPropertiesProps) {
  const { task, project, members, labels, nameOf, userId, canEdit, canAssign, canCreateLabel } =
    props;
  // The columns are read when a status is chosen, not subscribed to: another task's change
  // does not repaint this page.
  const { rep, tasks } = useSync();
  const statuses = useProjectStatuses(task.projectId);
  const [openPicker, setOpenPicker] = useState<PickerName | null>(null);
  const hasSubtasks = useSubtasks(task.projectId, task.id).length > 0;

  const update = (changes: TaskChanges, failure = "The task could not be saved") =>
    rep.mutate
      .updateTask({
        id: task.id,
        projectId: task.projectId,
        ...changes,
        updatedAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, failure));

  // A new status puts the task at the end of that column, as dropping it there would.
  const move = (statusId: string) => {
    const status = statuses.find((candidate) => candidate.id === statusId)?.id;
    if (!status || status === task.status) return;
    const position = positionAtEnd(columnOf(tasks.projectColumns(task.projectId), status));
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

  const addNewLabel = async (name: string) => {
    try {
      const id = await createLabel(rep, task.workspaceId, name, labels);
      await update({ labelIds: [...task.labelIds, id] }, "The labels could not be saved");
    } catch (error) {
      showError(error, "The label could not be created");
    }
  };

  const opener = (name: PickerName, allowed: boolean) => () => {
    if (!allowed) return false;
    setOpenPicker(name);
  };
  useShortcuts({
    taskStatus: opener("status", canEdit),
    taskPriority: opener("priority", canEdit),
    taskAssignee: opener("assignee", canEdit && canAssign),
    taskLabels: opener("labels", canEdit),
    taskDueDate: opener("due", canEdit),
  });
  const control = (name: PickerName) => ({
    open: openPicker === name,
    onOpenChange: (open: boolean) => setOpenPicker(open ? name : null),
    variant: "button" as const,
  });

  // Someone who left the workspace stays named on the tasks they were given.
  const options = memberOptions(members);
  if (task.assigneeId && !options.some((member) => member.id === task.assigneeId)) {
    options.push({ id: task.assigneeId, name: nameOf(task.assigneeId), image: null });
  }

  return (
    <dl className="task-properties" aria-label="Properties">
      <Property label="Status">
        <StatusPicker
          value={task.status}
          statuses={statuses}
          onChange={move}
          disabled={!canEdit}
          {...control("status")}
        />
      </Property>
      <Property label="Priority">
        <PriorityPicker
          value={task.priority}
          onChange={(priority) => void update({ priority })}
          disabled={!canEdit}
          {...control("priority")}
        />
      </Property>
      <Property label="Assignee">
        <AssigneePicker
          value={task.assigneeId}
          members={options}
          currentUserId={userId}
          onChange={(assigneeId) => void update({ assigneeId })}
          disabled={!canEdit || !canAssign}
          {...control("assignee")}
        />
        {canEdit && !canAssign && (
          <p className="field-hint">Only owners and admins assign tasks.</p>
        )}
      </Property>
      <Property label="Labels">
        <LabelsPicker
          value={task.labelIds}
          labels={labels}
          onChange={(labelIds) => void update({ labelIds }, "The labels could not be saved")}
          onCreate={canCreateLabel ? (name) => void addNewLabel(name) : undefined}
          disabled={!canEdit}
          {...control("labels")}
        />
      </Property>
      <Property label="Due date">
        <DueDatePicker
          value={task.dueDate}
          onChange={(dueDate) => void update({ dueDate })}
          disabled={!canEdit}
          {...control("due")}
        />
      </Property>
      {/* A parent cannot become a sub-task (one level): it has no Parent to set. */}
      {!hasSubtasks && (
        <Property label="Parent">
          <TaskParent
            task={task}
            project={project}
            canEdit={canEdit}
            onChange={(parentId) => void update({ parentId }, "The parent could not be saved")}
          />
        </Property>
      )}
      <Property label="Created">
        <span className="task-property-text">
          {task.createdBy ? nameOf(task.createdBy) : "Someone"},{" "}
          <time dateTime={task.createdAt} title={new Date(task.createdAt).toLocaleString()}>
            {relativeTime(task.createdAt)}
          </time>
        </span>
      </Property>
    </dl>
  );
}

function Property({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="task-property">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
