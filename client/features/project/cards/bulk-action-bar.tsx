import { X } from "lucide-react";
import { useState } from "react";
import type { Label, Member, Task } from "../../../../shared/entities.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { showError } from "../../../lib/api-errors.ts";
import { useSession } from "../../../platform/session/session-store.ts";
import { useShortcuts } from "../../../platform/shortcuts/use-shortcuts.ts";
import { useProjectStatuses } from "../../../platform/statuses.ts";
import { createLabel } from "../../../platform/sync/create-label.ts";
import { useRep } from "../../../platform/sync/replicache-provider.tsx";
import { Button } from "../../../ui/button.tsx";
import { IconButton } from "../../../ui/icon-button.tsx";
import { AssigneePicker, memberOptions } from "../../../ui/pickers/assignee-picker.tsx";
import { DueDatePicker } from "../../../ui/pickers/due-date-picker.tsx";
import { LabelsPicker } from "../../../ui/pickers/labels-picker.tsx";
import { PriorityPicker } from "../../../ui/pickers/priority-picker.tsx";
import { StatusPicker } from "../../../ui/pickers/status-picker.tsx";
import {
  changeLabels,
  deleteTasks,
  moveTasks,
  updateTasks,
} from "../../../platform/sync/bulk-edit.ts";
import "../../../styles/bulk-bar.css";

export type BulkPermissions = {
  create: boolean;
  update: boolean;
  assign: boolean;
  delete: boolean;
};

type BulkActionBarProps = {
  /** The selected tasks, all of one project. */
  selected: readonly Task[];
  projectTasks: readonly Task[];
  members: readonly Member[];
  labels: readonly Label[];
  can: BulkPermissions;
  onClear: () => void;
};

type PickerName = "status" | "priority" | "assignee" | "labels" | "due";

/** The value every task shares, or undefined when they differ. */
function shared<T>(tasks: readonly Task[], read: (task: Task) => T): T | undefined {
  const first = tasks[0];
  if (!first) return undefined;
  const value = read(first);
  return tasks.every((task) => read(task) === value) ? value : undefined;
}

/**
 * Edits every selected task at once, floating at the bottom of the screen so the list under it
 * does not move. Each picker applies as soon as a value is chosen (optimistic, one mutation per
 * task); while the bar is up, `s p a l d` open its pickers. Used by the backlog and, for its
 * `x` selection, by the board.
 */
export function BulkActionBar(props: BulkActionBarProps) {
  const { selected, projectTasks, members, labels, can, onClear } = props;
  const rep = useRep();
  const session = useSession();
  const statuses = useProjectStatuses(selected[0]?.projectId ?? "");
  const [openPicker, setOpenPicker] = useState<PickerName | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const count = selected.length;
  const apply = (write: Promise<void>) => void write.catch(showError);

  const opener = (name: PickerName, allowed: boolean) => () => {
    if (!allowed) return false;
    setOpenPicker(name);
  };
  useShortcuts({
    taskStatus: opener("status", can.update),
    taskPriority: opener("priority", can.update),
    taskAssignee: opener("assignee", can.update && can.assign),
    taskLabels: opener("labels", can.update),
    taskDueDate: opener("due", can.update),
  });
  const control = (name: PickerName) => ({
    open: openPicker === name,
    onOpenChange: (open: boolean) => setOpenPicker(open ? name : null),
  });

  // Labels every selected task has show as chosen; choosing one gives it to all, unchoosing
  // one takes it off all.
  const commonLabels = labels
    .filter((label) => selected.every((task) => task.labelIds.includes(label.id)))
    .map((label) => label.id);
  const setLabels = (next: readonly string[]) =>
    apply(
      changeLabels(
        rep,
        selected,
        next.filter((id) => !commonLabels.includes(id)),
        commonLabels.filter((id) => !next.includes(id)),
      ),
    );
  const addNewLabel = (name: string) => {
    const workspaceId = selected[0]?.workspaceId;
    if (!workspaceId) return;
    apply(
      createLabel(rep, workspaceId, name, labels).then((id) =>
        changeLabels(rep, selected, [id], []),
      ),
    );
  };

  return (
    <div className="bulk-bar" role="toolbar" aria-label="Bulk actions">
      <span className="bulk-count" aria-live="polite">
        {count} selected
      </span>
      {can.update && (
        <>
          <StatusPicker
            value={shared(selected, (task) => task.status) ?? ""}
            statuses={statuses}
            onChange={(statusId) => {
              const status = statuses.find((candidate) => candidate.id === statusId);
              if (status) apply(moveTasks(rep, selected, status.id, projectTasks));
            }}
            triggerText="Set status"
            {...control("status")}
          />
          <PriorityPicker
            value={shared(selected, (task) => task.priority) ?? "no-priority"}
            onChange={(priority) => apply(updateTasks(rep, selected, { priority }))}
            triggerText="Set priority"
            {...control("priority")}
          />
          {can.assign && (
            <AssigneePicker
              value={shared(selected, (task) => task.assigneeId) ?? null}
              members={memberOptions(members)}
              currentUserId={session?.user.id}
              onChange={(assigneeId) => apply(updateTasks(rep, selected, { assigneeId }))}
              triggerText="Set assignee"
              {...control("assignee")}
            />
          )}
          <LabelsPicker
            value={commonLabels}
            labels={labels}
            onChange={setLabels}
            onCreate={addNewLabel}
            triggerText="Labels"
            {...control("labels")}
          />
          <DueDatePicker
            value={shared(selected, (task) => task.dueDate) ?? null}
            clearable={selected.some((task) => task.dueDate !== null)}
            onChange={(dueDate) => apply(updateTasks(rep, selected, { dueDate }))}
            triggerText="Set due date"
            {...control("due")}
          />
        </>
      )}
      {can.delete && (
        <Button variant="danger" size="sm" onClick={() => setConfirmingDelete(true)}>
          Delete
        </Button>
      )}
      <IconButton aria-label="Clear selection" icon={<X />} size="sm" onClick={onClear} />
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
