import { useState } from "react";
import {
  taskPriorities,
  taskStatuses,
  type Label,
  type Member,
  type Task,
  type TaskPriority,
  type TaskStatus,
} from "../../../shared/entities.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { showError } from "../../lib/api-errors.ts";
import { priorityNames, statusNames } from "../../lib/task-names.ts";
import { useRep } from "../../platform/sync/replicache-provider.tsx";
import { addLabel, deleteTasks, moveTasks, updateTasks } from "./bulk-edit.ts";

export type BacklogPermissions = {
  create: boolean;
  update: boolean;
  assign: boolean;
  delete: boolean;
};

type BulkActionBarProps = {
  selected: readonly Task[];
  projectTasks: readonly Task[];
  members: readonly Member[];
  labels: readonly Label[];
  can: BacklogPermissions;
  onClear: () => void;
};

const isStatus = (value: string): value is TaskStatus =>
  (taskStatuses as readonly string[]).includes(value);
const isPriority = (value: string): value is TaskPriority =>
  (taskPriorities as readonly string[]).includes(value);

/** Edits every selected task at once; each control applies as soon as a value is chosen. */
export function BulkActionBar(props: BulkActionBarProps) {
  const { selected, projectTasks, members, labels, can, onClear } = props;
  const rep = useRep();
  const [dueDate, setDueDate] = useState("");
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const count = selected.length;
  const apply = (write: Promise<void>) => void write.catch(showError);

  return (
    <div className="bulk-bar" role="toolbar" aria-label="Bulk actions">
      <span className="bulk-count">{count} selected</span>
      {can.update && (
        <>
          <select
            className="input bulk-select"
            aria-label="Set status"
            value=""
            onChange={(event) => {
              const status = event.target.value;
              if (isStatus(status)) apply(moveTasks(rep, selected, status, projectTasks));
            }}
          >
            <option value="" disabled>
              Status…
            </option>
            {taskStatuses.map((status) => (
              <option key={status} value={status}>
                {statusNames[status]}
              </option>
            ))}
          </select>
          <select
            className="input bulk-select"
            aria-label="Set priority"
            value=""
            onChange={(event) => {
              const priority = event.target.value;
              if (isPriority(priority)) apply(updateTasks(rep, selected, { priority }));
            }}
          >
            <option value="" disabled>
              Priority…
            </option>
            {taskPriorities.map((priority) => (
              <option key={priority} value={priority}>
                {priorityNames[priority]}
              </option>
            ))}
          </select>
          {can.assign && (
            <select
              className="input bulk-select"
              aria-label="Set assignee"
              value=""
              onChange={(event) => {
                const choice = event.target.value;
                const assigneeId = choice === "unassigned" ? null : choice;
                apply(updateTasks(rep, selected, { assigneeId }));
              }}
            >
              <option value="" disabled>
                Assignee…
              </option>
              <option value="unassigned">Unassigned</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name || member.email}
                </option>
              ))}
            </select>
          )}
          {labels.length > 0 && (
            <select
              className="input bulk-select"
              aria-label="Add label"
              value=""
              onChange={(event) => apply(addLabel(rep, selected, event.target.value))}
            >
              <option value="" disabled>
                Add label…
              </option>
              {labels.map((label) => (
                <option key={label.id} value={label.id}>
                  {label.name}
                </option>
              ))}
            </select>
          )}
          <form
            className="bulk-due"
            onSubmit={(event) => {
              event.preventDefault();
              apply(updateTasks(rep, selected, { dueDate: dueDate || null }));
            }}
          >
            <input
              type="date"
              className="input"
              aria-label="Due date"
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
            />
            <button type="submit" className="button">
              {dueDate ? "Set due date" : "Clear due date"}
            </button>
          </form>
        </>
      )}
      {can.delete && (
        <button
          type="button"
          className="button button-danger"
          onClick={() => setConfirmingDelete(true)}
        >
          Delete
        </button>
      )}
      <button type="button" className="button button-quiet" onClick={onClear}>
        Clear selection
      </button>
      <ConfirmDialog
        open={confirmingDelete}
        title={count === 1 ? "Delete 1 task" : `Delete ${count} tasks`}
        confirmLabel="Delete"
        pending={false}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          apply(deleteTasks(rep, selected));
        }}
      >
        <p>
          {count === 1 ? "This task" : `These ${count} tasks`}, with their comments and history,
          will be deleted for everyone in the workspace.
        </p>
      </ConfirmDialog>
    </div>
  );
}
